@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

/// `scripts/setup` installs the models `EngineSetup` expects: the same files, packages, versions, sizes and sums.
struct SetupScriptTests {
    static let script = PackageRoot.url.appendingPathComponent("scripts/setup")

    /// The script's `MODELS` table, one row of fields per line.
    static func table() throws -> [[String]] {
        let text = try String(contentsOf: script, encoding: .utf8)
        let start = try #require(text.range(of: "\nMODELS=(\n"))
        let end = try #require(text.range(of: "\n)\n", range: start.upperBound..<text.endIndex))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map { line in
            line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                .split(separator: " ").map(String.init)
        }
    }

    @Test(arguments: EngineRole.allCases)
    func theScriptAssemblesTheModelEngineSetupExpects(role: EngineRole) throws {
        let rows = try Self.table()
        let row = try #require(rows.first { $0.first == role.rawValue }, "scripts/setup has no \(role) model")
        let model = EngineSetup.model(for: role)
        #expect(row == [
            role.rawValue, model.fileName, model.packagePrefix, String(model.parts), model.version,
            String(model.bytes), model.sha256,
        ])
    }

    @Test func everyModelOfTheScriptIsOneEngineSetupKnows() throws {
        #expect(try Self.table().map(\.first) == EngineRole.allCases.map(\.rawValue))
    }

    @Test func theEngineVersionIsTheOneTheScriptBuilds() throws {
        let text = try String(contentsOf: Self.script, encoding: .utf8)
        #expect(text.contains("\nENGINE_VERSION=\(EngineSetup.engineVersion)\n"))
    }
}
