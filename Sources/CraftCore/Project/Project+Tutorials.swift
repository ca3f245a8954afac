public import Foundation

/// The project's tutorials: which is current, finding one, and changing one in place.
extension Project {
    /// The tutorial the commands work on, with its progress; nil before the first is written.
    public var currentTutorial: TutorialProgress? {
        currentTutorialNumber.flatMap(tutorial(number:))
    }

    /// Tutorial `number` (from 1), or nil when there is none of that number.
    public func tutorial(number: Int) -> TutorialProgress? {
        tutorials.first { $0.number == number }
    }

    /// The tutorial written for `idea`, if there is one.
    public func tutorial(for idea: BrainstormIdea) -> TutorialProgress? {
        tutorials.first { $0.idea == idea }
    }

    /// The number (from 1) of `idea` in the latest brainstorm's list, or nil when that list no longer holds it.
    public func ideaNumber(of idea: BrainstormIdea) -> Int? {
        ideas.firstIndex(of: idea).map { $0 + 1 }
    }

    /// Changes tutorial `number` in place; nil (and no change) when there is no such tutorial.
    @discardableResult
    public mutating func updateTutorial<Result>(
        number: Int, _ body: (inout TutorialProgress) throws -> Result
    ) rethrows -> Result? {
        guard let index = tutorials.firstIndex(where: { $0.number == number }) else { return nil }
        return try body(&tutorials[index])
    }

    /// Keeps a newly written tutorial for `idea` as the next number and makes it current; returns its number.
    public mutating func addTutorial(_ tutorial: Tutorial, for idea: BrainstormIdea, now: Date) -> Int {
        let number = (tutorials.map(\.number).max() ?? 0) + 1
        tutorials.append(TutorialProgress(number: number, idea: idea, tutorial: tutorial, createdAt: now))
        currentTutorialNumber = number
        return number
    }

    /// The record of the photo labelled `label`.
    public func photo(labelled label: String) -> PhotoRecord? {
        photos.first { $0.label == label }
    }

    /// The progress photos `progress` files under step `number`, in the order they were filed.
    public func photos(ofStep number: Int, in progress: TutorialProgress) -> [PhotoRecord] {
        progress.photoLabels(ofStep: number).compactMap(photo(labelled:))
    }

    /// The photos brainstorm analysed, and any photo no tutorial holds, in the order they were added.
    public var brainstormPhotos: [PhotoRecord] {
        let analysed = Set(analyses.map(\.image.label))
        let filed = Set(tutorials.flatMap { $0.photos.map(\.label) })
        return photos.filter { analysed.contains($0.label) || !filed.contains($0.label) }
    }
}
