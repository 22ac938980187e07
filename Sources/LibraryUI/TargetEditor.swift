import AppModel
import Foundation
import ImmediateUI
import Localization
import Pictures
import Raster
import StressCore

/// The Add / Edit target form's state between frames.
public final class TargetEditor {
    public enum Mode: Hashable {
        case add
        case edit(id: Int64)
    }

    public let mode: Mode
    public var name: String
    public var message: String
    /// A picture chosen for the target (dropped on the window), to import on save.
    public var pictureFile: URL?
    /// Set when Save was pressed; cleared when the save finished or failed.
    public var isSaving = false
    /// Where to go after saving or cancelling.
    public let returnTo: Page
    /// The name and message the form opened with, to tell whether anything changed.
    private let openedName: String
    private let openedMessage: String
    /// True while the form waits for "Discard changes?" to be answered.
    public var isAskingToDiscard = false
    /// True while the form waits for "Quit without saving?" (Ctrl+Q or the window's
    /// close button over unsaved changes) to be answered.
    public var isAskingToQuit = false
    /// The first field takes focus when the form is first built.
    public var needsFirstFocus = true
    /// Whether the window takes dropped files (not in a kiosk): the form says so.
    public var acceptsDrops = true

    // MARK: Photo fit

    /// The part of the picture that will show: the target's crop when editing, the
    /// whole of a newly chosen picture.
    public var crop: PictureCrop
    private var openedCrop: PictureCrop
    /// Square crop (on) or free (off). Worked out from the crop once the picture's
    /// size is known (`squareDecided`).
    public var squareCrop = false
    var squareDecided = false
    /// Square is on and a new picture came: make its crop square once its size is known.
    var needsSquaring = false
    /// The preview's gestures between frames.
    var cropTracking = PanZoomTracking()
    /// A corner being dragged: which one (0 top-left, clockwise), the opposite
    /// corner that stays put (picture fractions), the view held still meanwhile
    /// (picture origin on screen and pixels per picture pixel), and the pointer.
    struct CornerDrag {
        var corner: Int
        var anchor: (x: Float, y: Float)
        var origin: Point
        var scale: Float
        var point: Point
    }
    var cornerDrag: CornerDrag?
    /// The preview's picture at halves, quarters... of its size (down to a thumbnail's),
    /// made once per picture, to draw it small without it breaking up.
    var previewLevels: [RasterImage] = []
    weak var previewSource: RasterImage?

    public init(mode: Mode, name: String = "", message: String = "", pictureFile: URL? = nil, crop: PictureCrop = .full,
                returnTo: Page) {
        self.mode = mode
        self.name = name
        self.message = message
        self.pictureFile = pictureFile
        self.returnTo = returnTo
        self.crop = crop
        openedName = name
        openedMessage = message
        openedCrop = crop
    }

    /// A new picture was chosen: it shows whole (square again if Square is on, once
    /// its size is known).
    public func pictureChanged() {
        crop = .full
        cornerDrag = nil
        cropTracking = PanZoomTracking()
        squareDecided = true
        needsSquaring = squareCrop
    }

    /// The crop to save: nil when it did not change (a new picture is saved with
    /// whatever the form shows).
    public var changedCrop: PictureCrop? {
        pictureFile != nil || crop != openedCrop ? crop : nil
    }

    /// Whether leaving now would lose something the user did in the form. A picture
    /// dropped to start the form counts: the user chose it.
    public var hasChanges: Bool {
        if pictureFile != nil { return true }
        switch mode {
        case .add: return !TargetValidation.trimmed(name).isEmpty || !TargetValidation.trimmed(message).isEmpty
        case .edit: return name != openedName || message != openedMessage || crop != openedCrop
        }
    }

    /// Why Save is not possible yet, in words for the form (nil when it is).
    /// `pictureProblem`: why the chosen picture was refused; `pictureChecking`: it is
    /// still being checked.
    public func blockingReason(hasCurrentPicture: Bool, pictureProblem: String? = nil, pictureChecking: Bool = false) -> String? {
        if let pictureProblem { return pictureProblem }
        do {
            _ = try TargetValidation.validatedName(name)
            _ = try TargetValidation.validatedMessage(message)
        } catch {
            return error.description
        }
        if pictureFile == nil && !hasCurrentPicture {
            return acceptsDrops ? tr("Choose a picture, or drop one on this window.") : tr("Choose a picture.")
        }
        if pictureChecking { return tr("Checking the picture…") }
        return nil
    }

    /// A name suggested from a picture's file name: "my_boss-2024.jpg" → "My boss 2024".
    public static func suggestedName(for file: URL) -> String {
        PictureFiles.suggestedName(for: file, maxLength: TargetValidation.maxNameLength)
    }
}
