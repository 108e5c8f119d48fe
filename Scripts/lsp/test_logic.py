"""Conditions in the editor, end to end: `questionkit lsp` on the bundled logic template
(Templates/leak-check.json), driven by pytest-lsp (a client nobody here wrote): completion in a
condition, definition, references and rename of a linkId (issue 20, Must show 3).

Run by Scripts/check-editor-logic.sh, which sets QUESTIONKIT_TOOL to the built binary.
"""

import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from test_lsp import TOOL, apply_edits, open_document, position_of

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEMPLATE_PATH = ROOT / "Templates" / "leak-check.json"
TEMPLATE = TEMPLATE_PATH.read_text()
URI = TEMPLATE_PATH.as_uri()
DOCUMENT = types.TextDocumentIdentifier(uri=URI)
# The condition of 'rate' (question 4), the only one followed by its enableBehavior.
RATE_CONDITION = '"enableWhen": [{"question": "leak", "operator": "=", "answer": true}],\n      "enableBehavior"'


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[TOOL, "lsp"]))
async def client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    )
    capabilities = result.capabilities
    assert capabilities.definition_provider and capabilities.references_provider
    # The client says it sends prepareRename, so the server says it answers it.
    assert capabilities.rename_provider.prepare_provider
    # The bundled template is valid: nothing to report.
    assert list(await open_document(lsp_client, URI, TEMPLATE)) == []
    yield
    await lsp_client.shutdown_session()
    assert lsp_client._server.returncode == 0


def line_of(marker: str, text: str = TEMPLATE) -> int:
    return position_of(text, marker).line


async def completion_labels(client: LanguageClient, marker: str, offset: int) -> list[str]:
    found = await client.text_document_completion_async(
        types.CompletionParams(text_document=DOCUMENT, position=position_of(TEMPLATE, marker, offset))
    )
    # In the order the client shows them: by sortText, else by label.
    return [item.label for item in sorted(found.items, key=lambda item: item.sort_text or item.label)]


async def test_completion_in_a_condition(client: LanguageClient):
    # A condition's question: the other questions' linkIds, earlier ones first ('rate' is question 4).
    assert await completion_labels(client, RATE_CONDITION, 30) == ["isolated", "leak", "where", "level"]
    # Its operator: what the referred question's type supports (multiple choice; numeric short answer).
    assert await completion_labels(client, '"where", "operator": "=', 22) == ["exists", "=", "!="]
    assert await completion_labels(client, '"rate", "operator": ">', 21) == ["exists", "=", "!=", "<", ">", "<=", ">="]
    # Its answer: the referred question's options; true or false for a true/false question.
    assert await completion_labels(client, '"answer": "Shaft seal"', 12) == ["Hose", "Fitting", "Shaft seal", "Reservoir"]
    assert await completion_labels(client, RATE_CONDITION, 64) == ["true", "false"]


async def test_definition_and_references(client: LanguageClient):
    # From the reference in 'rate''s condition to the linkId of 'leak'.
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=DOCUMENT, position=position_of(TEMPLATE, RATE_CONDITION, 30))
    )
    locations = definition if isinstance(definition, list) else [definition]
    assert [(location.uri, location.range.start) for location in locations] == [
        (URI, position_of(TEMPLATE, '"linkId": "leak"', 11))
    ]
    # 'isolated': its linkId, and the table's and the last question's conditions.
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=DOCUMENT,
            position=position_of(TEMPLATE, '"linkId": "isolated"', 13),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    assert [location.range.start.line for location in references] == [
        line_of('"linkId": "isolated"'),
        line_of('{"question": "isolated", "operator": "="'),
        line_of('{"question": "isolated", "operator": "!="'),
    ]


async def test_rename(client: LanguageClient):
    at = position_of(TEMPLATE, RATE_CONDITION, 30)
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=DOCUMENT, position=at)
    )
    assert prepared.placeholder == "leak"
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=DOCUMENT, position=at, new_name="leaking")
    )
    renamed = apply_edits(TEMPLATE, edit.changes[URI])
    # The linkId and both conditions on it, nothing else.
    assert len(edit.changes[URI]) == 3
    assert renamed == TEMPLATE.replace('"leak"', '"leaking"')
    # A name another question has is refused, with the reason.
    with pytest.raises(JsonRpcException, match="already the linkId of question 3"):
        await client.text_document_rename_async(types.RenameParams(text_document=DOCUMENT, position=at, new_name="where"))
    # The renamed template is still valid, and the new name is followed as the old one was.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=renamed)],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[URI]) == []
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=DOCUMENT,
            position=position_of(renamed, '"linkId": "leaking"', 13),
            context=types.ReferenceContext(include_declaration=False),
        )
    )
    assert len(references) == 2
