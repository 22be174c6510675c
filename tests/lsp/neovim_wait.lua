-- neovim_wait.lua -- for tests/lsp/neovim.sh: wait until the language
-- server's diagnostics reach the buffer, write what Neovim shows to
-- $NVIM_OUT ("client NAME" for each client attached, then "LINE:COL:
-- SEVERITY: MESSAGE" for each diagnostic, both 1-based), and quit.
vim.wait(20000, function()
  return #vim.diagnostic.get(0) > 0
end, 50)
local out = assert(io.open(os.getenv("NVIM_OUT"), "w"))
for _, client in pairs(vim.lsp.buf_get_clients(0)) do
  out:write("client " .. client.name .. "\n")
end
local names = { [vim.diagnostic.severity.ERROR] = "error", [vim.diagnostic.severity.WARN] = "warning" }
for _, d in ipairs(vim.diagnostic.get(0)) do
  out:write(string.format("%d:%d: %s: %s\n", d.lnum + 1, d.col + 1, names[d.severity] or "other", d.message))
end
out:close()
vim.cmd("qa!")
