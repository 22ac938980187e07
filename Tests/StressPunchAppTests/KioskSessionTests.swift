import AppModel
import Foundation
import Input
import Kiosk
import OperatorLock
import Pictures
import PolicySeam
import StressCore
import StressPunchApp
import TargetStore
import Testing
import TestSupport

/// A picture codec for sessions that never decode (built-in pictures are not found).
private struct NoPictures: PictureCodec {
    func decode(_ bytes: [UInt8], fileName: String) throws(PictureImportError) -> PictureBitmap { throw .damaged(file: fileName, reason: "not decoded in these tests") }
    func encode(_ bitmap: PictureBitmap, as format: StoredPictureFormat) throws(PictureImportError) -> [UInt8] { [] }
}

/// A session over a fresh library, without fonts (so without the UI's widgets),
/// driven through its frame contract only.
private final class SessionFixture {
    let folder = TemporaryDirectory("session")
    let store: TargetStore
    let session: AppSession
    /// The frame clock, and what the frames asked of the platform not yet taken.
    private var time = 0.0
    private var asked: [AppRequest] = []

    init(kiosk: Bool, pin: String? = "2468") throws {
        store = try TargetStore(dataDirectory: folder.url)
        if let pin { try OperatorPIN(store: store).set(pin) }
        session = try AppSession(
            store: store, codec: NoPictures(), builtinPictureURL: { _ in nil }, burst: nil, glyphs: nil,
            configuration: AppConfiguration(kiosk: kiosk), width: 1280, height: 720, synchronousPictures: true,
            policy: kiosk ? KioskPolicy(store: store, pictureRoot: folder.url, synchronous: true) : DesktopPolicy())
    }

    /// A kiosk session over `store` (another fixture's library).
    init(store: TargetStore, folder: TemporaryDirectory) throws {
        self.store = store
        session = try AppSession(
            store: store, codec: NoPictures(), builtinPictureURL: { _ in nil }, burst: nil, glyphs: nil,
            configuration: AppConfiguration(kiosk: true), width: 1280, height: 720, synchronousPictures: true,
            policy: KioskPolicy(store: store, pictureRoot: folder.url, synchronous: true))
    }

    /// What the frames asked of the platform since the last call.
    func requests() -> [AppRequest] {
        defer { asked.removeAll() }
        return asked
    }

    /// One frame `elapsed` after the last, with `events`.
    func frame(_ events: [InputEvent] = [], elapsed: Double) {
        let output = session.frame(FrameInput(events: events, elapsed: elapsed, time: time, width: 1280, height: 720))
        asked += output.requests
        time += elapsed
    }

    /// `event` in a frame of its own, taking no time.
    func handle(_ event: InputEvent) {
        frame([event], elapsed: 0)
    }

    /// `seconds` of frames at 60 a second (two fixed steps each).
    func run(seconds: Double) {
        for _ in 0..<Int(seconds * 60) { frame(elapsed: 1.0 / 60) }
    }

    /// `seconds` of frames at 120 a second (one fixed step each).
    func step(seconds: Double) {
        for _ in 0..<Int(seconds * 120) { frame(elapsed: 1.0 / 120) }
    }
}

@Suite("Kiosk session")
struct KioskSessionTests {
    @Test("on the desktop the window's close button quits; in a kiosk it does not")
    func closeButton() throws {
        let desktop = try SessionFixture(kiosk: false)
        desktop.handle(.windowCloseRequested)
        #expect(desktop.requests() == [.quit])

        let kiosk = try SessionFixture(kiosk: true)
        for event: InputEvent in [.windowCloseRequested, .keyDown(.escape, modifiers: [], isRepeat: false),
                                  .keyDown(.character("q"), modifiers: [.control], isRepeat: false),
                                  .keyDown(.other("F4"), modifiers: [.alt], isRepeat: false)] {
            kiosk.handle(event)
        }
        kiosk.run(seconds: 0.1)
        #expect(kiosk.requests().isEmpty)
    }

    @Test("the right PIN typed on the keyboard grants the quit, a wrong one does not")
    func pinGrantsQuit() throws {
        let kiosk = try SessionFixture(kiosk: true)
        func type(_ digits: String) {
            for digit in digits { kiosk.handle(.keyDown(.character(digit), modifiers: [], isRepeat: false)) }
            kiosk.handle(.keyDown(.enter, modifiers: [], isRepeat: false))
            kiosk.run(seconds: 0.05)
        }
        kiosk.handle(.windowCloseRequested)
        type("1357")
        #expect(kiosk.requests().isEmpty)
        #expect(kiosk.session.library.selected?.punchCount == 0, "digits on the pad do not pick favorites")
        type("2468")
        #expect(kiosk.requests() == [.quit])
    }

    @Test("in a kiosk the cursor hides until the mouse moves, and again 3 s after it stops or a finger touches")
    func cursor() throws {
        #expect(try SessionFixture(kiosk: false).session.wantsCursor)
        let kiosk = try SessionFixture(kiosk: true)
        #expect(!kiosk.session.wantsCursor)
        kiosk.handle(.pointerMoved(x: 100, y: 100))
        #expect(kiosk.session.wantsCursor)
        kiosk.run(seconds: 2.5)
        #expect(kiosk.session.wantsCursor)
        kiosk.run(seconds: 1)
        #expect(!kiosk.session.wantsCursor)
        kiosk.handle(.pointerMoved(x: 120, y: 100))
        kiosk.handle(.fingerDown(id: 1, x: 300, y: 300))
        #expect(!kiosk.session.wantsCursor)
    }

    @Test("Ctrl+L and Ctrl+N open the PIN pad instead of Manage and Add; M does not mute")
    func operatorKeys() throws {
        let kiosk = try SessionFixture(kiosk: true)
        kiosk.handle(.keyDown(.character("l"), modifiers: [.control], isRepeat: false))
        kiosk.handle(.keyDown(.character("n"), modifiers: [.control], isRepeat: false))
        kiosk.run(seconds: 0.1)
        #expect(kiosk.session.page == .main)
        #expect(kiosk.session.editor == nil)
        kiosk.handle(.keyDown(.escape, modifiers: [], isRepeat: false))
        kiosk.handle(.keyDown(.character("m"), modifiers: [], isRepeat: false))
        #expect(kiosk.requests().isEmpty)
    }

    @Test("the idle reset comes after the operator's idle time, selects the default target and starts the attract loop")
    func idleReset() throws {
        let kiosk = try SessionFixture(kiosk: true)
        let targets = kiosk.session.library.targets
        try kiosk.store.setSettings([KioskPreferences.idleSecondsKey: "10", KioskPreferences.defaultTargetKey: String(targets[2].id)])
        // A second session over the same library reads the operator's settings.
        let again = try SessionFixture(store: kiosk.store, folder: kiosk.folder)
        let session = again.session
        session.library.select(targets[0].id)
        again.step(seconds: 9)
        #expect(session.library.selectedID == targets[0].id)
        #expect(session.policySummary?.contains("0 idle resets") == true)
        again.step(seconds: 2)
        #expect(session.library.selectedID == targets[2].id)
        #expect(session.policySummary?.contains("1 idle resets, 0 attract steps") == true)
        again.step(seconds: 5)
        #expect(session.policySummary?.contains("1 attract steps") == true)
        #expect(session.library.selectedID == targets[3].id)
        #expect(try kiosk.store.allTargets().first { $0.isSelected }?.id == targets[2].id, "attract steps are not saved")
    }
}
