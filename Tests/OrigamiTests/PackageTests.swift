@testable import CraftSchema
import Testing

@Suite struct PackageTests {
    @Test func usageErrorsExitWithSixtyFour() {
        #expect(ExitStatus.usage.rawValue == 64)
    }
}
