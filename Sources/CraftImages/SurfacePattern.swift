/// A surface printed or woven in a fine pattern of clearly different colours (a red-and-white checked cloth), and
/// the areas of one of its colours too large to be part of the pattern: white paper on the white checks.
///
/// Colour alone cannot tell a sheet from the cloth's cells of the same colour, and a blur that averages the
/// pattern only works for a pattern finer than the blur. What the cloth has and the sheet lacks is scale: along the
/// picture's border every window a little larger than a cell holds two or more of the surface's colours, while a
/// sheet holds one colour across many cells. So the cell's size is measured on the border, and the windows of that
/// size that hold one surface colour only (and whatever is off the surface) are taken as objects.
struct SurfacePattern {
    /// The side of the smallest window (pixels) in which the border shows two surface colours nearly everywhere.
    let cell: Int
    private let width: Int
    private let height: Int
    private let modeCount: Int

    /// Two modes this far apart (off each other's ray, L*a*b* units) are a pattern's colours, not one material lit
    /// unevenly or the light and dark grain of one wood.
    static let distinctColours: Float = 20
    /// The share of border windows that must hold two surface colours at the cell's size.
    static let mixedBorder = 0.9
    /// A colour is in a window when it covers at least this share of it (a few pixels: the window at which every
    /// window holds both colours is the smallest that no cell contains, at any turn of the cloth).
    static let presence: Float = 0.02
    /// A window holds one colour alone when the others cover less than this share of it (a pixel or two of noise).
    static let stray: Float = 0.005

    /// The pattern of `model`'s surface in `planes`, or nil when the surface is not a fine pattern of distinct
    /// colours.
    init?(model: SurfaceModel, planes: LabPlanes) {
        let modes = model.modes
        guard modes.count >= 2,
            SurfaceModel.offRay(modes[1], from: modes[0]) >= Self.distinctColours
                || SurfaceModel.offRay(modes[0], from: modes[1]) >= Self.distinctColours
        else { return nil }
        width = planes.width
        height = planes.height
        modeCount = modes.count
        let labels = model.nearestModes(planes)
        let band = max(2, min(width, height) / 30)
        var border: [Int] = []
        for y in stride(from: 0, to: height, by: 2) {
            for x in stride(from: 0, to: width, by: 2)
            where x < band || y < band || x >= width - band || y >= height - band {
                border.append(y * width + x)
            }
        }
        let largest = min(width, height) / 3
        // Only the border's windows are asked about, at up to 23 sizes: counted from running totals of each colour,
        // not blurred over the whole picture at every size (which took a tenth of a photo's reading).
        let (columns, rows) = (width, height)
        let counts = (0..<modes.count).map { mode in
            WindowCounts(labels.map { Int($0) == mode }, width: columns, height: rows)
        }
        var found: Int?
        for side in [3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 31, 35, 39, 43, 47, 51, 57, 63, 71, 79]
        where side <= largest {
            let least = Double(Self.presence) * Double(side * side)
            let mixed = border.filter { index in
                counts.filter { Double($0.count(around: index, radius: side / 2)) >= least }.count >= 2
            }.count
            if Double(mixed) >= Self.mixedBorder * Double(max(1, border.count)) {
                found = side
                break
            }
        }
        guard let found else { return nil }
        cell = found
    }

    /// Areas of one surface colour that a window half again as large as a cell does not leave, at least `minimum`
    /// pixels each: the windows that hold that colour alone (and what is off the surface), not only their centres.
    /// That is all of a sheet up to its edge, but not a check of its colour beside it: a window reaching into that
    /// check would reach into the checks of the other colour on either side of it. `model` is the surface with
    /// `mixesModes` set, so the edges between cells count as cells.
    func uniformAreas(model: SurfaceModel, planes: LabPlanes, minimum: Int) -> BinaryMask {
        let labels = model.nearestModes(planes)
        let side = cell * 3 / 2 | 1
        let shares = Self.shares(labels, modes: modeCount, width: width, height: height, side: side)
        var areas = BinaryMask(width: width, height: height)
        for mode in 0..<modeCount {
            var core = BinaryMask(width: width, height: height)
            for index in labels.indices where Int(labels[index]) == mode {
                let others = (0..<modeCount).filter { $0 != mode }.map { shares[$0][index] }.max() ?? 0
                core.bits[index] = shares[mode][index] >= 0.5 && others < Self.stray
            }
            var kept = BinaryMask(width: width, height: height)
            for region in core.regions() where region.count >= minimum {
                for index in region { kept.bits[index] = true }
            }
            let windows = kept.dilated(side / 2)
            for index in labels.indices where windows.bits[index] && (Int(labels[index]) == mode || labels[index] < 0) {
                areas.bits[index] = true
            }
        }
        return areas
    }

    /// For each mode, the share of a `side`-wide window around each pixel that the mode covers.
    private static func shares(_ labels: [Int8], modes: Int, width: Int, height: Int, side: Int) -> [[Float]] {
        (0..<modes).map { mode in
            let indicator = labels.map { Int($0) == mode ? Float(1) : 0 }
            return LabPlanes.boxBlur(indicator, width: width, height: height, radius: side / 2)
        }
    }
}
