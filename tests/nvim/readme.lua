-- The README's Neovim configuration, run as written: CARDLINT_CONFIG is one of its `lua` blocks
-- (saved to a file by tests/lsp.rs, with `cardlint` on PATH). Opens CARDLINT_FILE, a Forge card
-- with a misspelt zone, and waits for the server's F150 on it.
--
--   CARDLINT_CONFIG=snippet.lua CARDLINT_FILE=/fixture/cardsfolder/e/ember_caller.txt \
--     nvim --headless --clean -c 'luafile tests/nvim/readme.lua'

local TIMEOUT = 30000

local function main()
  local config = assert(os.getenv('CARDLINT_CONFIG'), 'CARDLINT_CONFIG is not set')
  local file = assert(os.getenv('CARDLINT_FILE'), 'CARDLINT_FILE is not set')
  dofile(config)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.bo[buf].filetype == 'forge', 'the card is not a forge buffer: ' .. vim.bo[buf].filetype)
  local found = vim.wait(TIMEOUT, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      if code == 'F150' then
        return true
      end
    end
    return false
  end, 50)
  assert(found, 'no F150 from the README configuration: ' .. vim.inspect(vim.diagnostic.get(buf)))
  vim.lsp.stop_client(vim.lsp.get_active_clients())
end

local ok, err = pcall(main)
if ok then
  io.stdout:write('readme configuration: ok\n')
  vim.cmd('qall!')
else
  io.stderr:write('readme configuration failed: ' .. tostring(err) .. '\n')
  vim.cmd('cquit 1')
end
