public import CraftCore

/// The counts of the brainstorm's photo categories against the truth: for each true category, how many photos the
/// model put in each category, and how many it gave no category (it did not analyse the photo, or the run failed).
///
/// Its balanced accuracy is the mean of each category's recall, so a model that answers one category for every
/// photo scores one over the number of categories, however many photos of that category a suite holds.
public struct CategoryMatrix: Sendable, Hashable, Codable {
    /// The categories in a fixed order: `ImageCategory`'s, then any other the truth or the answers named.
    public var categories: [String]
    /// Photos by their true category, then by the category the model gave.
    public var counts: [String: [String: Int]]
    /// Photos by their true category that were given no category.
    public var unanswered: [String: Int]

    /// An empty matrix over `ImageCategory`'s three categories.
    public init(categories: [String] = ImageCategory.allCases.map(\.rawValue)) {
        self.categories = categories
        counts = [:]
        unanswered = [:]
    }

    /// Adds one photo whose truth is `expected` and whose answer is `actual` (nil when there was none).
    public mutating func add(expected: String, actual: String?) {
        for category in [expected, actual].compactMap({ $0 }) where !categories.contains(category) {
            categories.append(category)
        }
        if let actual {
            counts[expected, default: [:]][actual, default: 0] += 1
        } else {
            unanswered[expected, default: 0] += 1
        }
    }

    /// Photos of truth `expected` the model put in `actual`.
    public func count(expected: String, actual: String) -> Int {
        counts[expected]?[actual] ?? 0
    }

    /// Photos whose truth is `category`, answered or not.
    public func total(expected category: String) -> Int {
        (counts[category]?.values.reduce(0, +) ?? 0) + (unanswered[category] ?? 0)
    }

    /// Of the photos whose truth is `category`, the share the model put there; nil when there are none. A photo
    /// without an answer counts as missed.
    public func recall(_ category: String) -> Double? {
        let total = total(expected: category)
        return total == 0 ? nil : Double(count(expected: category, actual: category)) / Double(total)
    }

    /// The categories some photo truly belongs to, in order.
    public var expectedCategories: [String] {
        categories.filter { total(expected: $0) > 0 }
    }

    /// The mean recall over the categories some photo belongs to; nil with no photo.
    public var balancedAccuracy: Double? {
        let recalls = expectedCategories.compactMap(recall)
        return recalls.isEmpty ? nil : recalls.reduce(0, +) / Double(recalls.count)
    }

    /// Photos in the matrix, answered or not.
    public var total: Int { categories.reduce(0) { $0 + total(expected: $1) } }
}
