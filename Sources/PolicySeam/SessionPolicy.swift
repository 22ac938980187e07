import AppModel
import Foundation
import ImmediateUI
import Input
import Raster

/// What a policy may see and do in the session it is plugged into. The session
/// implements it; a policy (the kiosk's) reaches the session only through here.
public protocol SessionControl: AnyObject {
    var library: LibraryModel { get }
    /// The UI (nil without fonts).
    var ui: UIContext? { get }
    var page: Page { get }
    var layout: MainLayout { get }
    /// Where the selected target's picture is on screen (before a squash moves it).
    var pictureRect: Rect { get }
    /// Seconds of simulation stepped so far (the fixed steps' clock).
    var simulatedTime: Double { get }
    /// Wall-clock time now (headless runs give a simulated one).
    var now: Date { get }
    var isMuted: Bool { get }
    var reducesMotion: Bool { get }
    /// Whether a sound device is open (the platform says).
    var soundDeviceAvailable: Bool { get }
    /// Whether the open form has changes that leaving it would lose.
    var hasUnsavedForm: Bool { get }
    /// The margin around full-screen pages.
    var pageMargin: Float { get }

    func setMuted(_ muted: Bool)
    func requestQuit()
    func show(_ page: Page)
    func openAddForm(returnTo: Page)
    /// Back to the punch screen, every form, picker and dialog closed and the focus
    /// cleared; a form with changes is kept as a draft.
    func closeEverything()
    /// Hands an event straight to the punch scene (aiming, gamepads coming and going).
    func passToPunchScene(_ event: InputEvent)
    /// Queues an event for this frame's UI.
    func passToUI(_ event: InputEvent)
    /// The target's entrance: it hops in, as when chosen.
    func introduceTarget()
    /// Every target washed clean at once, without the wipe or an Undo (an idle reset).
    func washAllMarks()
    /// A page header like every page's: a back button and the title.
    func pageHeader(title: String, back: String, backWidth: Float) -> (rect: Rect, back: Bool)
}

/// How the session behaves where a desktop and a kiosk differ, consulted at a few
/// named points and nowhere else. The desktop's policy is every default below; the
/// kiosk's (in the Kiosk module) locks what visitors may not do.
public protocol SessionPolicy: AnyObject {
    /// Called once, when the session is ready.
    func start(_ session: any SessionControl)
    /// Sees every input event before the session; true when it used the event up.
    func filter(_ event: InputEvent, session: any SessionControl) -> Bool
    /// Where a screen's request to show `page` leads from `current`.
    func destination(of page: Page, from current: Page, session: any SessionControl) -> Page
    /// Whether files dropped on the window are taken.
    var acceptsDrops: Bool { get }
    /// Whether the main screen offers More targets and Manage (and numbers its cards),
    /// Stats and the rush.
    var showsLibraryButtons: Bool { get }
    /// Whether leaving after a real session shows its summary first.
    var offersSessionSummary: Bool { get }
    /// Whether a user's request to quit may end the session now. The policy's filter
    /// decides what asks; this is the session's last check before it quits (a locked
    /// kiosk: never, whatever slipped past).
    var allowsQuit: Bool { get }
    /// Whether what is typed now is secret (a PIN): a recording leaves it out.
    var takesSecretInput: Bool { get }
    /// The folder the picture picker starts in and may not leave (nil: anywhere).
    var pictureRoot: URL? { get }
    /// Before anything else each frame: results that arrived (a PIN checked).
    func beginFrame(_ session: any SessionControl, time: Double)
    /// Built before the screens: a modal of the policy's (the PIN pad).
    func buildModal(_ ui: UIContext, session: any SessionControl, time: Double)
    /// Extras on the main screen (a hidden corner, an invitation).
    func decorateMainScreen(_ ui: UIContext, session: any SessionControl, time: Double)
    /// A page only the policy knows (the operator menu).
    func buildPage(_ page: Page, ui: UIContext, session: any SessionControl)
    /// Built after the screens, over them ("Still there?").
    func buildOverlays(_ ui: UIContext, session: any SessionControl)
    /// One fixed step of the policy's clocks (an idle reset).
    func step(_ dt: Double, session: any SessionControl)
    /// Just before drawing: the policy's rule about screens put right.
    func enforce(_ session: any SessionControl)
    /// A background save changed the library.
    func libraryChanged(_ session: any SessionControl)
    /// A punch landed: the library has counted it and placed it on today's board
    /// (`session.library.todaysStrongest`, whose `latest` says where).
    func punchLanded(session: any SessionControl)
    /// Whether something of the policy's is moving (frames must keep coming).
    var isAnimating: Bool { get }
    /// Whether only a slow loop of the policy's moves (drawn at a lower rate).
    func isOnlyAttracting(on page: Page) -> Bool
    /// Whether the mouse cursor should show.
    var wantsCursor: Bool { get }
    /// Whether the main screen's message gives way to the policy's own text.
    var hidesMessage: Bool { get }
    /// A slow stretch of the picture while idle (0: none).
    func breath(time: Double, reducesMotion: Bool) -> Float
    /// A line for the headless summary (nil: nothing to say).
    func summary(_ session: any SessionControl) -> String?
    /// The longest the app may sleep at rest, in seconds. The policy's clocks count in
    /// fixed steps, and a sleep longer than the steps take at once would slow them; a
    /// policy with no clock running at rest says infinity, and only input wakes the app.
    var longestRest: Double { get }
}

extension SessionPolicy {
    public func start(_ session: any SessionControl) {}
    public func filter(_ event: InputEvent, session: any SessionControl) -> Bool { false }
    public func destination(of page: Page, from current: Page, session: any SessionControl) -> Page { page }
    public var acceptsDrops: Bool { true }
    public var showsLibraryButtons: Bool { true }
    public var offersSessionSummary: Bool { true }
    public var allowsQuit: Bool { true }
    public var takesSecretInput: Bool { false }
    public var pictureRoot: URL? { nil }
    public func beginFrame(_ session: any SessionControl, time: Double) {}
    public func buildModal(_ ui: UIContext, session: any SessionControl, time: Double) {}
    public func decorateMainScreen(_ ui: UIContext, session: any SessionControl, time: Double) {}
    public func buildPage(_ page: Page, ui: UIContext, session: any SessionControl) {}
    public func buildOverlays(_ ui: UIContext, session: any SessionControl) {}
    public func step(_ dt: Double, session: any SessionControl) {}
    public func enforce(_ session: any SessionControl) {}
    public func libraryChanged(_ session: any SessionControl) {}
    public func punchLanded(session: any SessionControl) {}
    public var isAnimating: Bool { false }
    public func isOnlyAttracting(on page: Page) -> Bool { false }
    public var wantsCursor: Bool { true }
    public var hidesMessage: Bool { false }
    public func breath(time: Double, reducesMotion: Bool) -> Float { 0 }
    public func summary(_ session: any SessionControl) -> String? { nil }
    public var longestRest: Double { .infinity }
}

/// The desktop: everything allowed, nothing added.
public final class DesktopPolicy: SessionPolicy {
    public init() {}
}
