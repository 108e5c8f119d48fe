import FieldTypes
import Foundation
import QuestionKit
import QuestionKitForms
import QuestionTypes

/// The question types of this package, and the registry the `fieldkit` tool builds from them.
enum FieldRegistry {
    /// This package's types, as `Sources/FieldKit/main.swift` registers them.
    static let ownTypes: [any QuestionType] = [DateQuestion(), RatingQuestion()]

    /// The built-in types plus this package's, as `fieldkit` registers them.
    static let allTypes: [any QuestionType] = BuiltInQuestionTypes.all + ownTypes

    /// The built-in types plus this package's.
    static func make() throws(RegistrationError) -> QuestionTypeRegistry {
        try QuestionTypeRegistry(BuiltInQuestionTypes.all + ownTypes)
    }

    /// The `Examples` folder.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()
}
