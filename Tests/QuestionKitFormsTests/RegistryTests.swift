import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Question type registry")
struct RegistryTests {
    @Test func duplicateIdentifierNamesBothTypes() {
        #expect(
            throws: RegistrationError.duplicateIdentifier(
                "yes-no", first: "YesNoTestQuestion", second: "ConfigurableTestQuestion")
        ) {
            try QuestionTypeRegistry([YesNoTestQuestion(), ConfigurableTestQuestion(identifier: "yes-no")])
        }
    }

    @Test func duplicateAliasNamesBothTypes() {
        #expect(
            throws: RegistrationError.duplicateIdentifier(
                "yn", first: "YesNoTestQuestion", second: "ConfigurableTestQuestion")
        ) {
            try QuestionTypeRegistry([
                YesNoTestQuestion(), ConfigurableTestQuestion(identifier: "other", aliases: ["yn"]),
            ])
        }
    }

    @Test func anAliasMayNotBeAnotherTypesIdentifier() {
        #expect(
            throws: RegistrationError.duplicateIdentifier(
                "score", first: "ScoreTestQuestion", second: "ConfigurableTestQuestion")
        ) {
            try QuestionTypeRegistry([
                ScoreTestQuestion(), ConfigurableTestQuestion(identifier: "x", aliases: ["score"]),
            ])
        }
    }

    @Test func duplicateIdentifierDescription() {
        let error = RegistrationError.duplicateIdentifier(
            "yes-no", first: "YesNoTestQuestion", second: "ConfigurableTestQuestion")
        #expect(
            error.description
                == "question type 'yes-no' is registered twice, by YesNoTestQuestion and by ConfigurableTestQuestion")
    }

    @Test(arguments: [
        ConfigurableTestQuestion(identifier: ""), ConfigurableTestQuestion(identifier: "ok", aliases: [""]),
    ])
    func emptyIdentifierOrAliasIsAnError(type: ConfigurableTestQuestion) {
        #expect(throws: RegistrationError.emptyIdentifier(typeName: "ConfigurableTestQuestion")) {
            try QuestionTypeRegistry([YesNoTestQuestion(), type])
        }
        #expect(
            RegistrationError.emptyIdentifier(typeName: "ConfigurableTestQuestion").description
                == "ConfigurableTestQuestion has an empty identifier or alias")
    }

    @Test func twoTypesInferringFromOneQidIsAnError() {
        let clash = ConfigurableTestQuestion(identifier: "other", legacyTypeCode: "2", infersTypeFromLegacyCode: true)
        #expect(
            throws: RegistrationError.duplicateLegacyCode(
                "2", first: "YesNoTestQuestion", second: "ConfigurableTestQuestion")
        ) {
            try QuestionTypeRegistry([YesNoTestQuestion(), clash])
        }
    }

    @Test func sharingAQidWithoutInferringIsFine() throws {
        let sharer = ConfigurableTestQuestion(identifier: "other", legacyTypeCode: "2")
        let registry = try QuestionTypeRegistry([YesNoTestQuestion(), sharer])
        #expect(registry.typeInferred(fromLegacyCode: "2")?.description.identifier == "yes-no")
    }

    @Test func lookupByIdentifierAndAlias() throws {
        let registry = try Fixture.registry()
        #expect(registry.identifiers == ["yes-no", "score", "gives-up"])
        #expect(registry.type(for: "yes-no")?.description.identifier == "yes-no")
        #expect(registry.type(for: "yn")?.description.identifier == "yes-no")
        #expect(registry.type(for: "score")?.description.identifier == "score")
        #expect(registry.type(for: "Yes-No") == nil)
        #expect(registry.type(for: "") == nil)
        #expect(registry.types.first?.description.allIdentifiers == ["yes-no", "yn"])
    }

    @Test func inferenceByLegacyCode() throws {
        let registry = try Fixture.registry()
        #expect(registry.typeInferred(fromLegacyCode: "2")?.description.identifier == "yes-no")
        // score has qid "5" but does not infer from it.
        #expect(registry.typeInferred(fromLegacyCode: "5") == nil)
        #expect(registry.typeInferred(fromLegacyCode: "9") == nil)
    }

    @Test func allKeysHoldsTemplateSharedAndTypeKeysOnce() throws {
        let extra = ConfigurableTestQuestion(
            identifier: "extra", keys: [.maxAnswers, YesNoTestQuestion.strict, Key("extraKey", summary: "x")])
        let registry = try QuestionTypeRegistry([YesNoTestQuestion(), ScoreTestQuestion(), extra])
        let keys = registry.allKeys
        let names = keys.map(\.name)
        #expect(names.count == Set(names).count)
        #expect(Array(keys.prefix(Key.templateKeys.count)) == Key.templateKeys)
        for key in [Key.title, .questions, .earlyQuestions, .answerType, .questionText, .helpImage, .legacyTypeCode] {
            #expect(names.contains(key.name), "missing \(key.name)")
        }
        #expect(Array(names.suffix(5)) == ["strict", "checkBoxes", "maxScore", "shortAnswer", "extraKey"])
        #expect(keys.count == (try QuestionTypeRegistry([])).allKeys.count + 5)
    }

    @Test func anEmptyRegistryKnowsOnlyTheCoreKeys() throws {
        let registry = try QuestionTypeRegistry([])
        #expect(registry.identifiers.isEmpty)
        let core = Key.templateKeys + Key.sharedQuestionKeys + Key.helpKeys + Key.userAnswerKeys + Key.conditionKeys
        #expect(
            registry.allKeys.count
                == Set((core + [.foremanCommentText, .supervisor] + Key.foremanEditKeys).map(\.name)).count)
    }
}
