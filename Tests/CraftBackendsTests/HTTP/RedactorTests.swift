@testable import CraftBackends
import Testing

@Suite struct RedactorTests {
    @Test func theActualKeyIsRemovedWhateverItsShape() {
        let redactor = Redactor(apiKey: "hf_live_0123456789")
        #expect(redactor.redact("key=hf_live_0123456789;") == "key=[redacted];")
    }

    @Test(arguments: [
        ("Authorization: Bearer abc.def-ghi", "Authorization: [redacted]"),
        ("bad key sk-proj-AbCdEf123456_xyz given", "bad key [redacted] given"),
        ("(sk-abcdefgh)", "([redacted])"),
        ("task-sk-abcdefghij stays", "task-sk-abcdefghij stays"),
        ("sk-short", "sk-short"),
        ("nothing secret here", "nothing secret here"),
    ])
    func keyShapedWordsAreRemoved(input: String, output: String) {
        #expect(Redactor().redact(input) == output)
    }

    @Test func errorsAreRedactedInEveryMessageTheyCarry() {
        let redactor = Redactor(apiKey: "secret-value-42")
        let error = ModelError.serverError(backend: "openai", status: 500, message: "echo secret-value-42")
        #expect(redactor.redact(error) == .serverError(backend: "openai", status: 500, message: "echo [redacted]"))
        #expect(Redactor(secrets: [nil, "", "abc"]).secrets.isEmpty)
    }
}
