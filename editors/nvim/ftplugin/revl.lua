vim.bo.commentstring = '// %s'
vim.bo.comments = '://'
vim.bo.expandtab = true
vim.bo.shiftwidth = 2
vim.bo.softtabstop = 2
vim.bo.suffixesadd = '.rvl'
vim.bo.cindent = false
vim.bo.smartindent = true
