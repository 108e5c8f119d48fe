-- Drives headless Neovim, set up as Docs/Editors.md says (the config is loaded with -u), through the
-- near-miss template: diagnostics, completion, hover, the quick fix, shutdown. Run by
-- Scripts/check-editors.sh, which points QK_DOC at the template. Ends with status 0 when all holds,
-- 1 (and why) when not.
local buf = 0

-- The server's exit status, as the client sees it.
local exit_code
local start_client = vim.lsp.start_client
vim.lsp.start_client = function(config)
  config.on_exit = function(code) exit_code = code end
  return start_client(config)
end

local function check()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("QK_DOC")))
  buf = vim.api.nvim_get_current_buf()
  if not vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
    return "no diagnostics"
  end
  local messages = vim.tbl_map(function(d) return d.message end, vim.diagnostic.get(buf))
  if not table.concat(messages, "\n"):find("max-answer", 1, true) then
    return "diagnostics without the misspelled key: " .. table.concat(messages, " | ")
  end

  local function request(method, row, col)
    vim.api.nvim_win_set_cursor(0, { row, col })
    local replies = vim.lsp.buf_request_sync(buf, method, vim.lsp.util.make_position_params(), 5000) or {}
    for _, reply in pairs(replies) do
      if reply.result then return reply.result end
    end
  end
  -- Between two members of the question (row 6 is `"question": ...`).
  local completion = request("textDocument/completion", 6, 6) or {}
  local labels = vim.tbl_map(function(item) return item.label end, completion.items or completion)
  if not vim.tbl_contains(labels, "helpInfo") then return "no key completion: " .. table.concat(labels, ",") end
  -- On the `answer-type` key (row 5).
  local hover = request("textDocument/hover", 5, 9)
  if not (hover and hover.contents and (hover.contents.value or ""):find("answer-type", 1, true)) then
    return "no hover on answer-type"
  end

  -- The quick fix, through the code-action menu (answered with its first entry).
  vim.ui.select = function(items, _, on_choice) on_choice(items[1], 1) end
  vim.api.nvim_win_set_cursor(0, { 8, 8 })
  vim.lsp.buf.code_action()
  if not vim.wait(5000, function() return vim.fn.getline(8):find('"max-answers"', 1, true) ~= nil end, 50) then
    return "the quick fix was not applied: " .. vim.fn.getline(8)
  end

  for _, client in pairs(vim.lsp.get_active_clients()) do client.stop() end
  if not vim.wait(5000, function() return exit_code ~= nil end, 50) then
    return "the server did not exit after shutdown"
  end
  if exit_code ~= 0 then return "the server exited with status " .. tostring(exit_code) end
end

local ok, failure = pcall(check)
if not ok or failure then
  io.stderr:write(tostring(failure) .. "\n")
  vim.cmd("cquit 1")
end
vim.cmd("qall!")
