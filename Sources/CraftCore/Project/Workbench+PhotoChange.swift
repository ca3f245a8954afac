import CraftImages
import Foundation

extension Project {
    /// The earlier photo of the piece a check of `step` compares with: the last progress photo filed on this step or
    /// an earlier one (the last check's photo, or the one the step started from). The same photo checked again is
    /// its own earlier photo: nothing changed since. Nil when no progress photo was filed before.
    func earlierProgressPhoto(in progress: TutorialProgress, forStep step: Int) -> PhotoRecord? {
        guard let filed = progress.photos.last(where: { $0.step <= step }) else { return nil }
        return photos.first { $0.label == filed.label }
    }
}

extension Workbench {
    /// The measured change of the piece in `file` since its earlier photo in the tutorial `progress` (see
    /// `Project.earlierProgressPhoto`), or against an unfolded sheet when there is none. Nil when it cannot be
    /// measured: the new photo or the earlier one cannot be read again, or the earlier file changed since its check.
    func measuredChange(of file: URL, in project: Project, progress: TutorialProgress, step: Int) -> PhotoChange? {
        guard let after = try? Photo.load(contentsOf: file).analysis.scene else { return nil }
        guard let earlier = project.earlierProgressPhoto(in: progress, forStep: step) else {
            return PhotoChange(before: nil, after: after)
        }
        let url = earlier.path.hasPrefix("/")
            ? URL(fileURLWithPath: earlier.path) : store.root.appendingPathComponent(earlier.path)
        guard let photo = try? Photo.load(contentsOf: url), photo.sha256 == earlier.sha256 else { return nil }
        return PhotoChange(before: photo.analysis.scene, after: after)
    }
}
