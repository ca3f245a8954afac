@testable import CraftVision
import Testing

@Suite struct ImageNetGroupTests {
    @Test(arguments: [
        (0, ImageNetGroup?.some(.animal)), (397, .animal), (398, nil), (549, .craftMaterial), (829, .vehicle),
        (908, nil), (559, nil), (497, .place), (620, .picture), (723, .madePiece), (911, .craftMaterial),
        (924, .food), (968, nil), (969, .food), (970, .landscape), (983, .person), (998, .plant),
        (999, .craftMaterial),
    ])
    func eachIndexFallsInItsGroup(index: Int, group: ImageNetGroup?) {
        #expect(ImageNetGroup(index: index) == group)
    }

    @Test func noMadeObjectIsListedInTwoGroups() {
        let lists = [ImageNetGroup.vehicles, ImageNetGroup.places, ImageNetGroup.pictures, ImageNetGroup.madePieces,
                     ImageNetGroup.craftMaterials]
        let all = lists.flatMap { $0 }
        #expect(Set(all).count == all.count)
        #expect(all.allSatisfy { (398...923).contains($0) || $0 == 999 })
    }

    @Test(.enabled(if: InstalledClassifier.parts != nil, InstalledClassifier.missing))
    func theListedIndicesNameTheClassesTheirGroupsSay() throws {
        let names = try #require(InstalledClassifier.parts).names
        #expect(names[829] == "tram")
        #expect(names[620] == "laptop computer")
        #expect(names[723] == "pinwheel")
        #expect(names[924] == "guacamole")
        #expect(names[968] == "tea cup")
        #expect(names[970] == "mountain")
        #expect(names[984] == "rapeseed")
        #expect(names[999] == "toilet paper")
        #expect(names[549] == "envelope")
        #expect(names[911] == "wool")
        #expect(names[623] == "letter opener")
        #expect(names[885] == "velvet fabric")
        #expect(names[559] == "folding chair")
    }
}
