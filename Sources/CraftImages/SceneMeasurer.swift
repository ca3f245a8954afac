/// Measures the objects of a scene one by one: colour, share, centre, outline, texture and creases.
struct SceneMeasurer {
    /// The working copy's planes, unblurred (texture) and lightly blurred (colours, outlines).
    let base: LabPlanes
    let planes: LabPlanes
    /// The surface, for the light at each pixel.
    let model: SurfaceModel
    /// The copy twice the working size, for texture edges and creases.
    let detail: CreaseFinder

    /// The object or objects one part of the object mask holds: one, or several straight thin ones lying across
    /// each other (needles), or none when the part is thin but not straight (threads, crumbs, specks strung
    /// together on a busy table: too unsure to name). `touching` says the part was told apart from a touching
    /// object by colour.
    func objects(_ part: [Int], touching: Bool) -> [SceneObject] {
        let mask = BinaryMask.of(part, width: planes.width, height: planes.height)
        let inner = mask.eroded(2)
        var object = measure(part, touching: touching)
        object.texture = ObjectTexture(mask: mask, inner: inner, lightness: base.l, detail: detail)?.texture
        if inner.count * 4 < mask.count, object.outline != .long {
            guard let strokes = Strokes.split(part, width: planes.width) else { return [] }
            return strokes.map { stroke in
                var piece = measure(stroke, touching: touching || strokes.count > 1)
                if strokes.count > 1 { piece.outline = .long }
                return piece
            }
        }
        if object.texture == .flat, object.share >= PhotoScene.creaseFloor {
            (object.creases, object.faintLines) = detail.lines(in: mask, inner: inner, colours: planes)
        }
        return [object]
    }

    /// One object's colour, share, centre and outline.
    func measure(_ pixels: [Int], touching: Bool) -> SceneObject {
        let width = planes.width
        var (sumX, sumY) = (0.0, 0.0)
        for index in pixels {
            sumX += Double(index % width) + 0.5
            sumY += Double(index / width) + 0.5
        }
        let count = Double(pixels.count)
        let (outline, aspect, corners, bow) = outline(pixels, touching: touching)
        var object = SceneObject(
            colours: colourNames(pixels),
            share: count / Double(planes.count),
            centre: SIMD2(sumX / count / Double(width), sumY / count / Double(planes.height)),
            outline: outline, texture: nil, touchesAnother: touching, aspect: aspect)
        if ![.round, .oval].contains(outline) { object.sides = OutlineSide.sides(of: corners) }
        object.bow = bow
        let edges = PhotoScene.edgesReached(by: pixels, width: width, height: planes.height)
        object.reachesEdge = edges.left || edges.right || edges.top || edges.bottom
        return object
    }

    /// The outline of the object's pixels, with gaps a few pixels wide closed when it touches another (a needle
    /// across a ball notches it). Specks and threads stuck to its edge (crumbs on a busy table) can add a corner,
    /// so the outline is also taken with them cut off by an opening a fortieth of the object's size wide, and the
    /// simpler of the two names wins; the opening alone would blunt sharp corners. The aspect is the whole
    /// object's (long side over short side of its smallest box); the corners are those of the outline that won.
    func outline(_ pixels: [Int], touching: Bool) -> (Outline, Double, [SIMD2<Double>], bow: Double) {
        // Outlines do not depend on where the object lies, so it is measured in a box of its own.
        var mask = BinaryMask.cut(pixels, width: planes.width, height: planes.height, margin: 3).mask
        if touching { mask = mask.closed(2) }
        let whole = mask.regions().first ?? []
        let measures = OutlineMeasures(pixels: whole, width: mask.width)
        let (raw, aspect) = (measures.outline, measures.aspect.isFinite ? measures.aspect : 1)
        let radius = max(2, min(3, Int((0.025 * Double(whole.count).squareRoot()).rounded())))
        let trimmed = BinaryMask.of(whole, width: mask.width, height: mask.height).opened(radius).regions().first ?? []
        guard trimmed.count * 5 >= whole.count * 4 else {
            return (raw, aspect, measures.corners, measures.bow(sidesOfAtLeast: Self.bowedSide))
        }
        let cleaned = OutlineMeasures(pixels: trimmed, width: mask.width)
        let simpler = cleaned.outline.simplicity < raw.simplicity ? cleaned : measures
        return (simpler.outline, aspect, simpler.corners, simpler.bow(sidesOfAtLeast: Self.bowedSide))
    }

    /// The least share of the outline a side must take for its bow (`OutlineMeasures.bow(sidesOfAtLeast:)`) to
    /// count: a rounded corner is short.
    static let bowedSide = 0.12

    /// The names of the colours covering at least a quarter of the object (at most two), each as it would look
    /// in the best-lit part of the surface: a sheet in a dim corner keeps its colour's name.
    func colourNames(_ pixels: [Int]) -> [String] {
        let step = max(1, pixels.count / 1500)
        let brightest = model.brightestLight
        let points = stride(from: 0, to: pixels.count, by: step).map { position -> LabColour in
            let index = pixels[position]
            let light = max(0.5, model.light(x: index % planes.width, y: index / planes.width))
            let vector = SurfaceModel.vector(base, index) * min(1.6, max(1, brightest / light))
            return LabColour(l: Double(vector.x - 16), a: Double(vector.y), b: Double(vector.z))
        }
        let (centres, counts) = Palette.kMeans(points, k: 4, iterations: 10)
        var byName: [String: Int] = [:]
        for (centre, count) in zip(centres, counts) where count > 0 {
            byName[NamedColour.nearest(to: centre).name, default: 0] += count
        }
        let ranked = byName.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let kept = ranked.filter { Double($0.value) >= 0.25 * Double(points.count) }.prefix(2).map(\.key)
        return kept.isEmpty ? ranked.prefix(1).map(\.key) : kept
    }
}
