-- revl for Neovim: the built-in LSP client on revl-lsp, and nvim-dap on
-- revl-dap. Works with Neovim 0.7 and later (vim.lsp.start when there is
-- one, else start_client + buf_attach_client).
--
--   require('revl').setup({
--     lsp = { cmd = { 'revl-lsp' }, seeds = 200 },   -- false to skip the LSP
--     dap = { command = 'revl-dap' },                -- false to skip nvim-dap
--   })
local M = {}

M.defaults = {
  lsp = {
    cmd = { 'revl-lsp' },
    -- Seeds per schedule sweep (revl-lsp -seeds N); nil for the server's default (200).
    seeds = nil,
    root_markers = { 'go.mod', '.git' },
    -- Refresh code lenses (`▶ run 200 schedules`, `debug [0,1,0,0,0,0]`) on these events.
    codelens_events = { 'BufEnter', 'BufWritePost', 'InsertLeave' },
    on_attach = nil,
    capabilities = nil,
  },
  dap = {
    command = 'revl-dap',
    args = {},
  },
}

local function merge(a, b)
  if b == false then
    return false
  end
  return vim.tbl_deep_extend('force', {}, a, b or {})
end

local function root_dir(bufnr, markers)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local dir = vim.fn.fnamemodify(name, ':p:h')
  local found = vim.fs and vim.fs.find and vim.fs.find(markers, { upward = true, path = dir })[1]
  if not found then
    for _, m in ipairs(markers) do
      local f = vim.fn.findfile(m, dir .. ';')
      if f == '' then
        f = vim.fn.finddir(m, dir .. ';')
      end
      if f ~= '' then
        found = vim.fn.fnamemodify(f, ':p')
        break
      end
    end
  end
  if found then
    return vim.fn.fnamemodify(found:gsub('/$', ''), ':h')
  end
  return dir
end

--- The launch configuration for a schedule (the same attributes as VS Code's launch.json).
function M.launch_config(program, opts)
  opts = opts or {}
  local c = { type = 'revl', request = 'launch', program = program, stopOnEntry = opts.stopOnEntry ~= false }
  if opts.choices then
    c.choices = opts.choices
    c.name = 'revl: replay [' .. table.concat(opts.choices, ',') .. ']'
  elseif opts.trace then
    c.trace = opts.trace
    c.name = 'revl: open trace'
  else
    c.seed = opts.seed or 1
    c.name = 'revl: debug seed ' .. c.seed
  end
  -- A vector of the fine sweep replays only over the fine alphabet.
  if opts.atoms == 'fine' and not opts.trace then
    c.atoms, c.maxFires = 'fine', opts.maxFires
  end
  return c
end

--- debug starts nvim-dap on a schedule: { seed = 3 } or { choices = {0,1,0} } or { trace = 'x.rvt' }.
function M.debug(opts)
  local ok, dap = pcall(require, 'dap')
  if not ok then
    vim.notify('revl: nvim-dap is not installed; replay in a terminal with: ' .. M.replay_command(opts), vim.log.levels.WARN)
    return
  end
  local program = opts.program or vim.api.nvim_buf_get_name(0)
  dap.run(M.launch_config(program, opts))
end

--- replay_command is the CLI line that replays a schedule.
function M.replay_command(opts)
  local program = opts.program or vim.fn.expand('%:.')
  local fine = ''
  if opts.atoms == 'fine' then
    fine = ' --atoms fine' .. (opts.maxFires and (' --max-fires ' .. tostring(opts.maxFires)) or '')
  end
  if opts.trace then
    return 'revl trace replay ' .. vim.fn.shellescape(opts.trace)
  elseif opts.choices then
    return 'revl test ' .. vim.fn.shellescape(program) .. fine .. ' --choices ' .. table.concat(opts.choices, ',')
  end
  return 'revl test ' .. vim.fn.shellescape(program) .. fine .. ' --schedule-seed ' .. tostring(opts.seed or 1)
end

local function register_commands()
  -- The server's `debug [..]` lens: debug that vector instead of only replaying it in the server.
  vim.lsp.commands['revl.debugSchedule'] = function(command)
    local a = (command.arguments or {})[1] or {}
    M.debug({ program = a.program, choices = a.choices, atoms = a.atoms, maxFires = a.maxFires })
  end
end

local function start_lsp(bufnr, cfg)
  local cmd = vim.deepcopy(cfg.cmd)
  if cfg.seeds then
    vim.list_extend(cmd, { '-seeds', tostring(cfg.seeds) })
  end
  local root = root_dir(bufnr, cfg.root_markers)
  local config = {
    name = 'revl-lsp',
    cmd = cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    capabilities = cfg.capabilities or vim.lsp.protocol.make_client_capabilities(),
    on_attach = function(client, b)
      if cfg.codelens_events and #cfg.codelens_events > 0 and vim.lsp.codelens then
        vim.api.nvim_create_autocmd(cfg.codelens_events, {
          buffer = b,
          callback = function()
            pcall(vim.lsp.codelens.refresh)
          end,
        })
        pcall(vim.lsp.codelens.refresh)
      end
      if cfg.on_attach then
        cfg.on_attach(client, b)
      end
    end,
  }
  if vim.lsp.start then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  -- Neovim 0.7: one client per root, attached by hand.
  M._clients = M._clients or {}
  local id = M._clients[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(config)
    M._clients[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

local function setup_dap(cfg)
  local ok, dap = pcall(require, 'dap')
  if not ok then
    return false
  end
  dap.adapters.revl = { type = 'executable', command = cfg.command, args = cfg.args }
  dap.configurations.revl = {
    {
      type = 'revl',
      request = 'launch',
      name = 'revl: Debug a seed',
      program = '${file}',
      seed = function()
        return tonumber(vim.fn.input('Seed: ', '1'))
      end,
      stopOnEntry = true,
    },
    {
      type = 'revl',
      request = 'launch',
      name = 'revl: Replay a choice vector',
      program = '${file}',
      choices = function()
        return vim.fn.input('Choices: ', '0,1,0,0,0,0')
      end,
      stopOnEntry = true,
    },
    {
      type = 'revl',
      request = 'launch',
      name = 'revl: Open a trace',
      program = '${file}',
      trace = function()
        return vim.fn.input('Trace: ', '', 'file')
      end,
      stopOnEntry = true,
    },
  }
  return true
end

function M.setup(opts)
  opts = opts or {}
  local lsp = merge(M.defaults.lsp, opts.lsp)
  local dapcfg = merge(M.defaults.dap, opts.dap)
  M.config = { lsp = lsp, dap = dapcfg }
  if vim.filetype and vim.filetype.add then
    vim.filetype.add({ extension = { rvl = 'revl' } })
  end
  vim.cmd([[augroup revl_ftdetect
    autocmd!
    autocmd BufRead,BufNewFile *.rvl setfiletype revl
  augroup END]])
  if lsp then
    register_commands()
    local group = vim.api.nvim_create_augroup('revl_lsp', { clear = true })
    vim.api.nvim_create_autocmd('FileType', {
      group = group,
      pattern = 'revl',
      callback = function(ev)
        start_lsp(ev.buf, lsp)
      end,
    })
    -- Buffers already open when setup runs.
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(b) and vim.bo[b].filetype == 'revl' then
        start_lsp(b, lsp)
      end
    end
  end
  if dapcfg then
    M.dap_ready = setup_dap(dapcfg)
  end
  vim.api.nvim_create_user_command('RevlDebug', function(c)
    local arg = c.args
    if arg:match('^%d+$') then
      M.debug({ seed = tonumber(arg) })
    elseif arg:match('^[%d,%s%[%]]+$') and arg:find(',') then
      local v = {}
      for n in arg:gmatch('%d+') do
        table.insert(v, tonumber(n))
      end
      M.debug({ choices = v })
    elseif arg:match('%.rvt$') then
      M.debug({ trace = arg })
    else
      M.debug({ seed = 1 })
    end
  end, { nargs = '?', desc = 'revl: debug a seed (3), a choice vector (0,1,0) or a trace (x.rvt)' })
  vim.api.nvim_create_user_command('RevlSweep', function()
    local params = { command = 'revl.runSchedules', arguments = { { program = vim.api.nvim_buf_get_name(0) } } }
    vim.lsp.buf_request(0, 'workspace/executeCommand', params, function(err, result)
      if err then
        vim.notify('revl: ' .. (err.message or tostring(err)), vim.log.levels.ERROR)
        return
      end
      local items = {}
      for _, f in ipairs(result.failures or {}) do
        for _, x in ipairs(f.findings or {}) do
          local r = x.location.range
          table.insert(items, {
            filename = vim.uri_to_fname(x.location.uri),
            lnum = r.start.line + 1,
            col = r.start.character + 1,
            text = x.tag .. ': ' .. x.message .. '  [' .. table.concat(f.choices, ',') .. ']  ' .. (f.replay or ''),
          })
        end
      end
      vim.fn.setqflist({}, ' ', { title = 'revl: ' .. (result.summary or ''), items = items })
      vim.notify('revl: ' .. (result.summary or ''))
      if #items > 0 then
        vim.cmd('copen')
      end
    end)
  end, { desc = 'revl: run a schedule sweep of this file; failures go to the quickfix list' })
end

return M
