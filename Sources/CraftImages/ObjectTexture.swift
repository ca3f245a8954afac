/// The texture of one object, measured inside its outline (the outline's own edge left out).
///
/// Texture is edges everywhere: yarn's strands and a print's motifs put edges in almost every small patch of the
/// object, while a sheet of paper has none, or a few straight creases that cross only some patches. So the object
/// is cut into tiles, a tile counts as textured when many of its pixels lie on an edge, and the object is textured
/// when many of its pixels and a good share of its tiles are. Edges are measured relative to the lightness (a navy
/// ball of yarn has the same strands as a coral one, darker), on a copy twice the working size where a strand is
/// still a line. A textured
/// object is patterned when windows inside it repeat themselves at a shift of a few pixels (a print does, yarn's
/// strands do not), as in `TextureGrid`.
struct ObjectTexture {
    /// The share of the object's inner pixels on an edge.
    var edgeDensity: Double
    /// The share of the object's tiles that are textured.
    var spread: Double
    /// The mean periodicity of square windows inside the object, 0 when it is flat or none fits.
    var periodicity: Double

    /// A pixel is on an edge when its lightness gradient is above this share of its lightness (L* + 16).
    static let relativeEdge: Float = 0.055
    /// A tile is textured when at least this share of its pixels is on an edge.
    static let texturedTile = 0.18
    /// An object is textured when at least this share of its tiles is, and
    static let texturedObject = 0.35
    /// at least this share of its inner pixels is on an edge.
    static let texturedPixels = 0.15
    /// At or above this periodicity a textured object is patterned rather than fibrous.
    static let patternFrom = 0.6
    /// The side of the tiles, in pixels of the detail copy.
    static let tile = 16
    /// The side of the windows tested for repetition, in pixels of the working copy.
    static let window = 24

    /// The texture these measures make.
    var texture: Texture {
        !isTextured ? .flat : periodicity >= Self.patternFrom ? .patterned : .fibrous
    }

    private var isTextured: Bool {
        spread >= Self.texturedObject && edgeDensity >= Self.texturedPixels
    }

    /// Measures the object `mask` inside `inner` (the mask shrunk by two pixels): edges on `detail`, repetition on
    /// the working copy's `lightness`. Nil when the object is too thin to have an inside (a needle) or too small to
    /// hold two tiles.
    init?(mask: BinaryMask, inner: BinaryMask, lightness: [Float], detail: CreaseFinder) {
        guard inner.count >= 40, inner.count * 4 >= mask.count else { return nil }
        let (columns, rows) = (detail.width / Self.tile, detail.height / Self.tile)
        var tiles = [(inside: Int, edges: Int)](repeating: (0, 0), count: max(1, columns * rows))
        var (edges, total) = (0, 0)
        for y in 0..<(rows * Self.tile) {
            let row = min(mask.height - 1, y / detail.scale) * mask.width
            for x in 0..<(columns * Self.tile) where inner.bits[row + min(mask.width - 1, x / detail.scale)] {
                let index = y * detail.width + x
                let edge = detail.gradient[index] > Self.relativeEdge * (detail.lightness[index] + 16)
                let tile = (y / Self.tile) * columns + x / Self.tile
                tiles[tile].inside += 1
                total += 1
                if edge {
                    tiles[tile].edges += 1
                    edges += 1
                }
            }
        }
        let full = tiles.filter { $0.inside * 4 >= Self.tile * Self.tile * 3 }
        guard full.count >= 2 else { return nil }
        edgeDensity = total > 0 ? Double(edges) / Double(total) : 0
        let texturedTiles = full.filter { Double($0.edges) >= Self.texturedTile * Double($0.inside) }.count
        spread = Double(texturedTiles) / Double(full.count)
        periodicity = 0
        guard isTextured else {
            return
        }
        let scores = Self.windows(inside: inner).map { origin -> Double in
            var values: [Double] = []
            values.reserveCapacity(Self.window * Self.window)
            for y in origin.y..<(origin.y + Self.window) {
                for x in origin.x..<(origin.x + Self.window) { values.append(Double(lightness[y * mask.width + x])) }
            }
            return TextureGrid.periodicity(values, width: Self.window, height: Self.window)
        }
        periodicity = scores.isEmpty ? 0 : scores.reduce(0, +) / Double(scores.count)
    }

    /// Up to six windows lying wholly inside `inner`, not overlapping, spread over it.
    static func windows(inside inner: BinaryMask) -> [(x: Int, y: Int)] {
        let (width, height, side) = (inner.width, inner.height, window)
        guard width > side, height > side else { return [] }
        // Summed-area table of the mask, so a window's pixel count is four lookups.
        var sums = [Int](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0
            for x in 0..<width {
                row += inner.bits[y * width + x] ? 1 : 0
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
            }
        }
        func count(_ x: Int, _ y: Int) -> Int {
            let (x1, y1) = (x + side, y + side)
            let stride = width + 1
            return sums[y1 * stride + x1] - sums[y * stride + x1] - sums[y1 * stride + x] + sums[y * stride + x]
        }
        var found: [(x: Int, y: Int)] = []
        for y in stride(from: 0, through: height - side, by: side / 2) {
            for x in stride(from: 0, through: width - side, by: side / 2) where count(x, y) == side * side {
                if !found.contains(where: { abs($0.x - x) < side && abs($0.y - y) < side }) { found.append((x, y)) }
            }
        }
        guard found.count > 6 else { return found }
        return (0..<6).map { found[$0 * found.count / 6] }
    }
}
