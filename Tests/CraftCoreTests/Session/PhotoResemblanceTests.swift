import CraftCore
import CraftVision
import Testing

/// The classifier's answers reach a model as a likeness, and only when they mean something.
@Suite struct PhotoResemblanceTests {
    static func resemblance(_ name: String, _ probability: Double) -> Resemblance {
        Resemblance(index: 0, name: name, probability: probability)
    }

    @Test func probableClassesAreNamedAsALikenessWithPercentages() {
        let words = PhotoResemblance.words([Self.resemblance("envelope", 0.294), Self.resemblance("wallet", 0.12),
                                            Self.resemblance("binder", 0.05)])
        #expect(words == "An image classifier that knows everyday objects but no craft words finds it most like: "
            + "envelope 29 %, wallet 12 % (a likeness, not what it is).")
    }

    @Test func classesBelowTenPercentAreLeftOut() {
        #expect(PhotoResemblance.words([Self.resemblance("envelope", 0.09), Self.resemblance("wallet", 0.05)]) == nil)
    }

    @Test func atMostThreeClassesAreNamed() {
        let words = PhotoResemblance.words((0..<5).map { Self.resemblance("c\($0)", 0.2) }) ?? ""
        #expect(words.contains("c2 20 %") && !words.contains("c3"))
    }
}
