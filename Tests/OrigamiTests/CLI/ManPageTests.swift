@testable import origami
import Testing

@Suite struct ManPageTests {
    let page = ManPage(parser: Origami.parser, version: "9.9").render()

    @Test func everyCommandOptionAndStatusHasItsPlace() {
        #expect(page.hasPrefix(".TH ORIGAMI 1 \"\" \"origami 9.9\" \"User Commands\"\n"))
        for command in Origami.root.visibleSubcommands {
            #expect(page.contains(".SS origami \(command.name)\n\(ManPage.escape(command.abstract))\n"))
        }
        #expect(page.contains(".SS origami engine start\n"))
        for option in GlobalOptions.all {
            #expect(page.contains(".B \(ManPage.escape(option.synopsis))\n"))
        }
        for status in [0, 64, 65, 66, 69, 70, 73, 75, 78, 100] {
            #expect(page.contains(".TP\n.B \(status)\n"))
        }
        #expect(!page.contains("_write"))
    }

    @Test func roffControlCharactersAreEscaped() {
        #expect(ManPage.escape("a-b \\ c") == "a\\-b \\e c")
        #expect(ManPage.escape(".start\n'quote") == "\\&.start\n\\&'quote")
    }
}
