// Fuzzes decoding model answers into the craft types: any bytes that parse as JSON are validated against every
// craft schema and decoded; whatever decodes must validate, encode and decode back to the same value, and the
// partial forms must accept anything. Any disagreement stops the fuzzer.
import CraftCore
import CraftSchema

let labels = ["Photo_a1b2c3", "Photo_d4e5f6"]

func check<T: Generable & Equatable>(_ type: T.Type, _ content: GeneratedContent, resolved: Bool = false) {
    let schema = resolved ? T.generationSchema.resolving([ImageReference.choicesName: labels]) : T.generationSchema
    _ = T.partial(content)
    let violations = schema.validate(content)
    guard let value = try? T.decode(content, schema: schema) else { return }
    guard violations.isEmpty else { fatalError("\(T.self) decoded despite \(violations)") }
    guard schema.validate(value.generatedContent).isEmpty else { fatalError("\(T.self) \(value) does not validate") }
    guard let again = try? T.decode(json: value.generatedContent.jsonString, schema: schema), again == value else {
        fatalError("\(T.self) \(value) does not round-trip")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let content = try? GeneratedContent(jsonBytes: UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    check(ImageAnalysisList.self, content, resolved: true)
    check(ImageAnalysis.self, content, resolved: true)
    check(BrainstormIdeaList.self, content)
    check(BrainstormIdea.self, content)
    check(Tutorial.self, content)
    check(TutorialStep.self, content)
    check(CoachFeedback.self, content)
    check(CoachSection.self, content)
    check(ExtractedTerms.self, content)
    check(TermExplanation.self, content)
    check(ImageCategory.self, content)
    check(ImageReference.self, content, resolved: true)
    for member in content.objectMembers ?? [] { check(CoachFeedback.self, member.value) }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// SwiftPM links debug executables with `main` renamed to `<Target>_main`; this hands control to libFuzzer.
@_cdecl("CraftDecoding_main")
public func fuzzerEntry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzz)
}
