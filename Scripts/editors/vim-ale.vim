" Drives Vim (vim -es), set up with ALE as Docs/Editors.md says (the vimrc is loaded with -u), through
" the near-miss template: ALE's diagnostics; completion and hover asked on ALE's connection to the
" server; the quick fix through ALE's code-action path. Run by Scripts/check-editors.sh (QK_DOC is the
" template); quits with status 0 when all holds, 1 (and why, on standard error) when not. ALE sends
" no `shutdown`: it ends the server's job, and Vim ends its jobs when it quits (the script checks).

let s:replies = {}

function! s:Wait(condition) abort
    for l:_ in range(200)
        if eval(a:condition)
            return 1
        endif
        sleep 50m
    endfor
    return eval(a:condition)
endfunction

function! s:Reply(name, response) abort
    let s:replies[a:name] = get(a:response, 'result', v:null)
endfunction

function! s:OnActions(data, items) abort
    if !empty(a:items)
        call ale#codefix#ApplyLSPCodeAction(a:data, a:items[0][1])
    endif
    let s:replies.actions = len(a:items)
endfunction

function! s:Check() abort
    execute 'edit ' . fnameescape($QK_DOC)
    let l:buffer = bufnr('')
    ALELint
    if !s:Wait('!empty(ale#engine#GetLoclist(' . l:buffer . '))')
        return 'no diagnostics'
    endif
    let l:messages = join(map(copy(ale#engine#GetLoclist(l:buffer)), 'v:val.text'), ' | ')
    if stridx(l:messages, 'max-answer') < 0
        return 'diagnostics without the misspelled key: ' . l:messages
    endif

    " Between two members of the question (line 6), then on the answer-type key (line 5).
    call ale#lsp_linter#SendRequest(l:buffer, 'questionkit',
    \   ale#lsp#message#Completion(l:buffer, 6, 7, ''), function('s:Reply', ['completion']))
    call ale#lsp_linter#SendRequest(l:buffer, 'questionkit',
    \   ale#lsp#message#Hover(l:buffer, 5, 10), function('s:Reply', ['hover']))
    if !s:Wait('has_key(s:replies, "completion") && has_key(s:replies, "hover")')
        return 'no answer to completion or hover'
    endif
    let l:completion = s:replies.completion
    let l:items = type(l:completion) == v:t_dict ? get(l:completion, 'items', []) : l:completion
    if index(map(copy(l:items), 'v:val.label'), 'helpInfo') < 0
        return 'no key completion'
    endif
    if type(s:replies.hover) != v:t_dict || stridx(get(s:replies.hover.contents, 'value', ''), 'answer-type') < 0
        return 'no hover on answer-type'
    endif

    call cursor(8, 8)
    call ale#codefix#Execute(0, function('s:OnActions'))
    if !s:Wait('stridx(getline(8), ''"max-answers"'') >= 0')
        return 'the quick fix was not applied: ' . getline(8) . ' (' . get(s:replies, 'actions', 'no') . ' actions)'
    endif
    return ''
endfunction

try
    let s:failure = s:Check()
catch
    let s:failure = v:exception . ' at ' . v:throwpoint
endtry
if !empty(s:failure)
    call writefile([s:failure], '/dev/stderr')
    cquit 1
endif
qall!
