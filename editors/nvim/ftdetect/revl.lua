-- .rvl files are revl programs. (vim.filetype.add for filetype.lua; the
-- autocommand for Neovim 0.7, where filetype.lua is off by default.)
if vim.filetype and vim.filetype.add then
  vim.filetype.add({ extension = { rvl = 'revl' } })
end
vim.cmd([[autocmd BufRead,BufNewFile *.rvl setfiletype revl]])
