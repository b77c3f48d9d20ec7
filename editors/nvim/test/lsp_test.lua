-- Headless check: load editors/nvim, start revl-lsp ($REVL_LSP) on
-- examples/two-consumers.rvl, wait for the schedule sweep's finding to
-- arrive as a diagnostic, print the diagnostics, and exit non-zero when
-- something is missing. Run by test/headless.sh.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local plugin = vim.fn.fnamemodify(here, ':h')
local repo = vim.fn.fnamemodify(plugin, ':h:h')
vim.opt.runtimepath:prepend(plugin)
vim.cmd('runtime! ftdetect/*.lua')

local function fail(msg)
  io.stdout:write('FAIL nvim: ' .. msg .. '\n')
  vim.cmd('cquit 1')
end

local lsp = os.getenv('REVL_LSP')
local file = os.getenv('REVL_FILE') or (repo .. '/examples/two-consumers.rvl')
local timeout = tonumber(os.getenv('REVL_TIMEOUT_MS') or '60000')

require('revl').setup({ lsp = { cmd = { lsp }, seeds = 40 }, dap = false })
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
if vim.bo[buf].filetype ~= 'revl' then
  return fail('filetype is ' .. vim.inspect(vim.bo[buf].filetype) .. ', want revl')
end

local attached = vim.wait(15000, function()
  return #vim.lsp.get_active_clients({ bufnr = buf }) > 0
    or next(vim.lsp.buf_get_clients(buf)) ~= nil
end, 50)
if not attached then
  return fail('revl-lsp did not attach to ' .. file)
end
local client = vim.lsp.buf_get_clients(buf)[next(vim.lsp.buf_get_clients(buf))]
io.stdout:write('attached: ' .. client.name .. ' (' .. table.concat(client.config.cmd, ' ') .. ')\n')

-- The sweep runs when the file is opened or saved; save to be sure.
vim.cmd('silent write')

local function findings()
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find('unstable') then
      table.insert(out, d)
    end
  end
  return out
end

local ok = vim.wait(timeout, function()
  return #findings() > 0
end, 100)

local diags = vim.diagnostic.get(buf)
io.stdout:write(('diagnostics (%d):\n'):format(#diags))
for _, d in ipairs(diags) do
  io.stdout:write(('  %s:%d:%d: [%s] %s\n'):format(vim.fn.fnamemodify(file, ':t'), d.lnum + 1, d.col + 1,
    tostring(d.code or d.source or ''), d.message:gsub('\n', ' | ')))
end
if not ok then
  return fail('no `unstable` diagnostic within ' .. timeout .. 'ms')
end

-- The code lenses: a sweep lens and the debug lens of the finding.
local lenses
vim.lsp.buf_request(buf, 'textDocument/codeLens', { textDocument = vim.lsp.util.make_text_document_params(buf) }, function(err, result)
  lenses = err and {} or (result or {})
end)
vim.wait(15000, function()
  return lenses ~= nil
end, 50)
local titles = {}
for _, l in ipairs(lenses or {}) do
  if l.command then
    table.insert(titles, l.command.title)
  end
end
io.stdout:write('code lenses: ' .. table.concat(titles, ' · ') .. '\n')
local debug_lens = false
for _, t in ipairs(titles) do
  if t:find('^debug %[') then
    debug_lens = true
  end
end
if not debug_lens then
  return fail('no `debug [..]` code lens')
end
-- The fault sweep's lens is on every file; the fine sweep's only where an
-- activation can suspend (an await) or a timer fire, which this file lacks.
local fault_lens, fine_lens = false, false
for _, t in ipairs(titles) do
  if t:find('schedules with faults$') then fault_lens = true end
  if t:find('fine%-grained') then fine_lens = true end
end
if not fault_lens then
  return fail('no `▶ run N schedules with faults` code lens')
end
if fine_lens then
  return fail('a fine-grained sweep lens on a file without await or timer')
end
if not vim.lsp.commands['revl.debugSchedule'] then
  return fail('revl.debugSchedule is not handled on the client side')
end
io.stdout:write('PASS nvim: revl-lsp attached, the unstable finding is a diagnostic, the debug and fault-sweep lenses are there\n')
vim.lsp.stop_client(client.id)
vim.wait(2000, function()
  return client.is_stopped()
end, 50)
vim.cmd('qall!')
