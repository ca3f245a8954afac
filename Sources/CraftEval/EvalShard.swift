/// One part of a suite's runs (`--shard I/N`), so a fleet of machines can share a suite and `--merge` can put
/// the parts back together.
public struct EvalShard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which part, from 1.
    public var index: Int
    /// How many parts the runs are split into.
    public var count: Int

    /// Creates a shard; nil unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `I/N` as the command line writes it; nil for anything else (the command names the value).
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }
}

/// One run of a suite: a case and which repeat of it, the unit that shards split and merges count.
public struct EvalRunKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The case's name (unique in its suite).
    public var caseName: String
    /// Which repeat, from 1.
    public var iteration: Int

    /// Creates a key.
    public init(caseName: String, iteration: Int) {
        self.caseName = caseName
        self.iteration = iteration
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.caseName, lhs.iteration) < (rhs.caseName, rhs.iteration)
    }

    /// `"name" #2`, as the progress lines write a run.
    public var description: String { "\"\(caseName)\" #\(iteration)" }
}

/// Splits runs into shards of about equal estimated cost, the same way on every machine.
///
/// The estimate is the mode's weight times the photos sent (at least one): a brainstorm analyses every photo and
/// then writes ideas (4), a tutorial writes every step of an idea (3), a coach judges one progress photo (2) and
/// a term explains a few words (1). Runs are dealt heaviest first, each to the shard with the least cost so far
/// (the lower index on a tie); ties between runs break by case name and repeat, so the split depends only on the
/// runs, never on the order the cases are held in.
public enum EvalSharding {
    /// The estimated cost of one run of a case in `mode` that sends `photos` photos.
    public static func cost(mode: EvalCase.Mode, photos: Int) -> Int {
        let weight = switch mode {
        case .brainstorm: 4
        case .tutorial: 3
        case .coach: 2
        case .term: 1
        }
        return weight * max(1, photos)
    }

    /// The shard index (from 1) of every run, given each run's cost.
    public static func assign(_ costs: [EvalRunKey: Int], count: Int) -> [EvalRunKey: Int] {
        let ordered = costs.keys.sorted { lhs, rhs in
            costs[lhs]! != costs[rhs]! ? costs[lhs]! > costs[rhs]! : lhs < rhs
        }
        var loads = [Int](repeating: 0, count: max(1, count))
        var shards: [EvalRunKey: Int] = [:]
        for key in ordered {
            let lightest = loads.indices.min { (loads[$0], $0) < (loads[$1], $1) }!
            loads[lightest] += costs[key]!
            shards[key] = lightest + 1
        }
        return shards
    }

    /// The estimated cost of each shard, in shard order (for the README's balance and for tests).
    public static func loads(_ costs: [EvalRunKey: Int], count: Int) -> [Int] {
        var loads = [Int](repeating: 0, count: max(1, count))
        for (key, shard) in assign(costs, count: count) { loads[shard - 1] += costs[key]! }
        return loads
    }

    /// The cost of every run of `cases`, each repeated `repeats` times (or the case's own repeats).
    public static func costs(of cases: [EvalCase], repeats: Int? = nil) -> [EvalRunKey: Int] {
        var costs: [EvalRunKey: Int] = [:]
        for evalCase in cases {
            for iteration in 1...max(1, repeats ?? evalCase.repeats) {
                costs[EvalRunKey(caseName: evalCase.name, iteration: iteration)] =
                    cost(mode: evalCase.mode, photos: evalCase.inputs.photos.count)
            }
        }
        return costs
    }
}
