/// A lightness map cut into 8×8 tiles, with each tile's edge density and, on demand, how periodic it is.
///
/// Texture is told apart by two plain measures: a tile dense with edges is textured (one outline of a sheet of
/// paper is not), and a textured tile whose lightness correlates with itself shifted by a few pixels repeats
/// (checks, stripes, dots), while yarn's strands do not.
struct TextureGrid {
    struct Tile {
        var x: Range<Int>
        var y: Range<Int>
        var pixels = 0
        var edgePixels = 0

        /// The fraction of the tile's pixels on a noticeable edge.
        var density: Double { pixels > 0 ? Double(edgePixels) / Double(pixels) : 0 }
    }

    let lightness: [Double]
    let width: Int
    let height: Int
    private(set) var tiles: [Tile] = []

    /// A Sobel gradient above this (in L* units per pixel) counts as an edge.
    static let edgeThreshold = 8.0
    static let side = 8

    init(_ lightness: [Double], width: Int, height: Int) {
        self.lightness = lightness
        self.width = width
        self.height = height
        for row in 0..<Self.side {
            for column in 0..<Self.side {
                tiles.append(Tile(
                    x: (column * width / Self.side)..<((column + 1) * width / Self.side),
                    y: (row * height / Self.side)..<((row + 1) * height / Self.side)))
            }
        }
        guard width >= 3, height >= 3 else { return }
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let tile = (y * Self.side / height) * Self.side + x * Self.side / width
                tiles[tile].pixels += 1
                let at = { (dx: Int, dy: Int) in lightness[(y + dy) * width + x + dx] }
                let gx = (at(1, -1) + 2 * at(1, 0) + at(1, 1)) - (at(-1, -1) + 2 * at(-1, 0) + at(-1, 1))
                let gy = (at(-1, 1) + 2 * at(0, 1) + at(1, 1)) - (at(-1, -1) + 2 * at(0, -1) + at(1, -1))
                if (gx * gx + gy * gy).squareRoot() / 4 > Self.edgeThreshold { tiles[tile].edgePixels += 1 }
            }
        }
    }

    /// The fraction of all pixels on an edge.
    var edgeDensity: Double {
        let pixels = tiles.reduce(0) { $0 + $1.pixels }
        return pixels > 0 ? Double(tiles.reduce(0) { $0 + $1.edgePixels }) / Double(pixels) : 0
    }

    /// How much the tile's lightness repeats: the largest rise of its normalised autocorrelation from half a shift
    /// to the whole shift (4…14 pixels in any direction). A repeating pattern of period P anti-correlates at P/2
    /// and correlates at P, giving up to 2; a straight outline, a smooth shading or random strands give about 0.
    func periodicity(of tile: Tile) -> Double {
        let values = tile.y.flatMap { y in tile.x.map { x in lightness[y * width + x] } }
        return Self.periodicity(values, width: tile.x.count, height: tile.y.count)
    }

    /// The periodicity of a window of lightness values, `width × height`, row by row (see `periodicity(of:)`).
    static func periodicity(_ values: [Double], width tileWidth: Int, height tileHeight: Int) -> Double {
        guard tileWidth > 16, tileHeight > 16 else { return 0 }
        let mean = values.reduce(0, +) / Double(values.count)
        let centred = values.map { $0 - mean }
        let variance = centred.reduce(0) { $0 + $1 * $1 } / Double(centred.count)
        guard variance > 1e-9 else { return 0 }
        func correlation(_ dx: Int, _ dy: Int) -> Double {
            var sum = 0.0
            var count = 0
            for y in 0..<(tileHeight - dy) {
                for x in max(0, -dx)..<min(tileWidth, tileWidth - dx) {
                    sum += centred[y * tileWidth + x] * centred[(y + dy) * tileWidth + x + dx]
                    count += 1
                }
            }
            return count > 0 ? sum / Double(count) / variance : 0
        }
        var best = 0.0
        for dy in 0...14 {
            for dx in -14...14 where (4...14).contains(max(abs(dx), dy)) && (dy > 0 || dx > 0) {
                best = max(best, correlation(dx, dy) - correlation(dx / 2, dy / 2))
            }
        }
        return best
    }
}
