-- A headless Neovim session against `cardlint lsp`: opens a Forge file and a Wagic file of a
-- fixture folder, waits for their diagnostics, asks for completion and hover, and exits with a
-- non-zero status on any failure. Works with Neovim 0.7 (Debian 12) and newer.
--
--   CARDLINT_BIN=target/debug/cardlint CARDLINT_FIXTURE=/path/to/fixture \
--     nvim --headless --clean -c 'luafile tests/nvim/check.lua'
--
-- The fixture is the one of tests/lsp.rs (`fixture()`): an Ember Caller card with a misspelt
-- zone, and Wagic primitives with a misspelt target restriction.

local bin = os.getenv('CARDLINT_BIN') or 'cardlint'
local root = os.getenv('CARDLINT_FIXTURE')
local TIMEOUT = 30000

local function say(msg)
  io.stdout:write(msg .. '\n')
end

local function check(cond, msg)
  if not cond then
    error(msg, 2)
  end
end

local function main()
  check(root ~= nil, 'CARDLINT_FIXTURE is not set')
  local client_id = vim.lsp.start_client({
    name = 'cardlint',
    cmd = { bin, 'lsp' },
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = 'fixture' } },
    get_language_id = function(_, filetype)
      return filetype
    end,
  })
  check(client_id, 'cannot start ' .. bin .. ' lsp')

  local function open(rel, filetype)
    vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/' .. rel))
    local buf = vim.api.nvim_get_current_buf()
    vim.bo[buf].filetype = filetype
    check(vim.lsp.buf_attach_client(buf, client_id), 'cannot attach to ' .. rel)
    return buf
  end

  -- The 0-based line and column of the first `needle` (plus `shift`) in a buffer.
  local function find(buf, needle, shift)
    for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
      local col = line:find(needle, 1, true)
      if col then
        return { line = i - 1, character = col - 1 + shift }
      end
    end
    error('no ' .. needle .. ' in the buffer')
  end

  local function request(buf, method, needle, shift)
    local client = vim.lsp.get_client_by_id(client_id)
    local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = find(buf, needle, shift) }
    local response, err = client.request_sync(method, params, TIMEOUT, buf)
    check(response and not response.err, method .. ' failed: ' .. vim.inspect(err or response))
    return response.result
  end

  local function wait_diagnostics(buf, code, what)
    local ok = vim.wait(TIMEOUT, function()
      for _, d in ipairs(vim.diagnostic.get(buf)) do
        local c = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
        if c == code then
          return true
        end
      end
      return false
    end, 50)
    check(ok, 'no ' .. code .. ' diagnostic on ' .. what .. ': ' .. vim.inspect(vim.diagnostic.get(buf)))
    say('diagnostics of ' .. what .. ': ok')
  end

  local function labels(result)
    local items = result and (result.items or result) or {}
    local out = {}
    for _, item in ipairs(items) do
      out[item.label] = true
    end
    return out
  end

  -- Forge.
  local forge = open('cardsfolder/e/ember_caller.txt', 'forge')
  wait_diagnostics(forge, 'F150', 'the Forge card')
  local items = labels(request(forge, 'textDocument/completion', 'DealDamage', 4))
  check(items['DealDamage'], 'no ApiType in the Forge completion')
  local hover = request(forge, 'textDocument/hover', 'DealDamage', 2)
  check(hover and hover.contents and tostring(hover.contents.value):find('DealDamage', 1, true),
    'no documentation on Forge hover: ' .. vim.inspect(hover))
  say('forge completion and hover: ok')

  -- Wagic.
  local wagic = open('sets/primitives/cards.txt', 'wagic')
  wait_diagnostics(wagic, 'W121', 'the Wagic primitives')
  items = labels(request(wagic, 'textDocument/completion', 'movedto', 2))
  check(items['movedto'], 'no trigger in the Wagic completion')
  hover = request(wagic, 'textDocument/hover', '__BURN__', 3)
  check(hover and hover.contents and tostring(hover.contents.value):find('damage:2', 1, true),
    'no macro expansion on Wagic hover: ' .. vim.inspect(hover))
  say('wagic completion and hover: ok')

  vim.lsp.stop_client(client_id)
end

local ok, err = pcall(main)
if ok then
  say('neovim check: ok')
  vim.cmd('qall!')
else
  io.stderr:write('neovim check failed: ' .. tostring(err) .. '\n')
  vim.cmd('cquit 1')
end
