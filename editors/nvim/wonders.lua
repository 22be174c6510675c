-- wonders.lua -- Neovim's built-in client for `wonderc lsp` (docs/editors.md).
-- Put it in ~/.config/nvim/plugin/ (or :luafile it); WONDERC, or `wonderc`
-- on the PATH, is the command.  Neovim 0.8 and later have vim.lsp.start;
-- 0.7 starts a client and attaches each buffer to it.
vim.cmd([[autocmd BufRead,BufNewFile *.tiles setfiletype wonders-tiles]])

local cmd = { os.getenv("WONDERC") or "wonderc", "lsp" }
local client_id

vim.api.nvim_create_autocmd("FileType", {
  pattern = "wonders-tiles",
  callback = function(args)
    local root = vim.fs and vim.fs.dirname(vim.api.nvim_buf_get_name(args.buf)) or vim.fn.getcwd()
    if vim.lsp.start then
      vim.lsp.start({ name = "wonderc", cmd = cmd, root_dir = root })
      return
    end
    client_id = client_id or vim.lsp.start_client({ name = "wonderc", cmd = cmd, root_dir = root })
    vim.lsp.buf_attach_client(args.buf, client_id)
  end,
})
