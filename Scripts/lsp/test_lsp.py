"""End-to-end test of `questionkit lsp`, driven by pytest-lsp (a client nobody here wrote).

Run by Scripts/check-lsp.sh, which sets QUESTIONKIT_TOOL to the built binary.
"""

import json
import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = os.environ.get("QUESTIONKIT_TOOL", str(ROOT / ".build" / "debug" / "questionkit"))
BROKEN_PATH = ROOT / "Tests" / "Templates" / "invalid" / "several-problems.json"
BROKEN = BROKEN_PATH.read_text()
BROKEN_URI = BROKEN_PATH.as_uri()
# One problem with one obvious repair: the misspelled key 'max-answer'.
NEAR_MISS = (
    '{\n  "Title": "T",\n  "questions": [\n    {\n      "answer-type": "multiple-choice",\n'
    '      "question": "Condition?",\n      "answers": ["Good", "Bad"],\n      "max-answer": 1\n    }\n  ]\n}\n'
)
NEAR_MISS_URI = "file:///tmp/near-miss.json"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[TOOL, "lsp"]))
async def client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    )
    assert result.capabilities.hover_provider
    assert result.capabilities.document_symbol_provider
    yield
    await lsp_client.shutdown_session()
    # `shutdown` then `exit`: the server ends with status 0.
    assert lsp_client._server.returncode == 0


def position_of(text: str, marker: str, offset: int = 0) -> types.Position:
    """The UTF-16 position of `marker`'s first occurrence in `text`, plus `offset` characters."""
    index = text.index(marker)
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=len(text[start:index].encode("utf-16-le")) // 2 + offset)


async def open_document(client: LanguageClient, uri: str, text: str):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


async def test_diagnostics_completion_hover_outline(client: LanguageClient):
    diagnostics = await open_document(client, BROKEN_URI, BROKEN)
    codes = [d.code for d in diagnostics]
    assert "question.unknown-type" in codes
    # The same problems, in the same order and at the same places, as `validate` reports.
    report = json.loads(
        subprocess.run([TOOL, "validate", "--format", "json", BROKEN_PATH], capture_output=True).stdout
    )
    validated = [problem for file in report["files"] for problem in file["diagnostics"]]
    assert codes == [problem["code"] for problem in validated]
    assert [(d.range.start.line + 1, d.range.start.character + 1) for d in diagnostics] == [
        (problem["line"], problem["column"]) for problem in validated
    ]

    document = types.TextDocumentIdentifier(uri=BROKEN_URI)
    # A key position inside a multiple-choice question (between two members, no quotes typed yet).
    at_key = position_of(BROKEN, '"question": "Air intake filter condition"')
    keys = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=at_key))
    labels = {item.label for item in keys.items}
    # Keys of a question not written in this one yet; its own type's only (no table keys).
    assert "helpInfo" in labels
    assert "max-answers" not in labels and "numRows" not in labels

    # Inside the (misspelled) answer-type value.
    in_type = position_of(BROKEN, '"multiple-choise"', 5)
    values = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=in_type))
    assert "multiple-choice" in {item.label for item in values.items}

    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=document, position=position_of(BROKEN, '"numRows"', 3))
    )
    assert "numRows" in hover.contents.value and "at least 2" in hover.contents.value

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    assert symbols[0].name.startswith("Question 1 - Safety: ")

    # Fixing the type by hand (an incremental edit of one character) clears its diagnostic.
    at = position_of(BROKEN, "multiple-choise", 13)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=BROKEN_URI, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=at, end=types.Position(line=at.line, character=at.character + 1)), text="c"
                )
            ],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    after = [d.code for d in client.diagnostics[BROKEN_URI]]
    assert "question.unknown-type" not in after
    # Every other problem stays; the question, now of a known type, may gain its type's own checks.
    assert set(codes) - {"question.unknown-type"} <= set(after)


def apply_edits(text: str, edits) -> str:
    """Applies LSP text edits (UTF-16 positions) to `text`, last first."""
    lines = text.split("\n")

    def offset(position):
        line_start = sum(len(line) + 1 for line in lines[: position.line])
        prefix = lines[position.line].encode("utf-16-le")[: position.character * 2].decode("utf-16-le")
        return line_start + len(prefix)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


async def test_code_action_clears_the_diagnostic(client: LanguageClient):
    diagnostics = await open_document(client, NEAR_MISS_URI, NEAR_MISS)
    assert [d.code for d in diagnostics] == ["question.unknown-key"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=NEAR_MISS_URI),
            range=diagnostics[0].range,
            context=types.CodeActionContext(diagnostics=list(diagnostics)),
        )
    )
    assert actions, "the near-miss key's diagnostic carries its rename as a fix-it"
    action = actions[0]
    assert action.kind == types.CodeActionKind.QuickFix
    fixed = apply_edits(NEAR_MISS, action.edit.changes[NEAR_MISS_URI])
    assert '"max-answers": 1' in fixed
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=NEAR_MISS_URI, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[NEAR_MISS_URI]) == []


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_messages(output: bytes):
    messages = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        messages.append(json.loads(rest[:length]))
        output = rest[length:]
    return messages


def test_malformed_input_gets_error_responses():
    """Raw bytes, not a client library: a client never sends these."""
    message = lambda **m: frame(json.dumps({"jsonrpc": "2.0", **m}).encode())
    data = (
        message(id=1, method="initialize", params={"capabilities": {}})
        + frame(b"{not json")
        + frame(b"[1, 2, 3]")
        + b"Content-Length: many\r\n\r\n{}"
        + message(id=2, method="no/such/method", params={})
        + message(id=3, method="textDocument/hover", params={"textDocument": {}})
        + message(id=4, method="shutdown")
        + message(method="exit")
    )
    done = subprocess.run([TOOL, "lsp"], input=data, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    errors = [(m.get("id"), m["error"]["code"]) for m in read_messages(done.stdout) if "error" in m]
    assert errors == [(None, -32700), (None, -32600), (None, -32700), (2, -32601), (3, -32602)]
