public import Foundation

/// The package's root directory, for tests that read its scripts, sample photos and fixtures.
public enum PackageRoot {
    /// The root, found from this file's place in it (`Tests/CraftTesting/PackageRoot.swift`).
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
