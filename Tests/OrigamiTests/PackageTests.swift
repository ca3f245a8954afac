import Testing
import CraftCore

@Suite struct PackageTests {
    @Test func usageErrorsExitWithSixtyFour() {
        #expect(ExitStatus.usage.rawValue == 64)
    }
}
