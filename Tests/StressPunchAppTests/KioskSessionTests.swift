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

/// A session over a fresh library, without fonts (so without the UI's widgets).
private struct SessionFixture {
    let folder = TemporaryDirectory("session")
    let store: TargetStore
    let session: AppSession

    init(kiosk: Bool, pin: String? = "2468") throws {
        store = try TargetStore(dataDirectory: folder.url)
        if let pin { try OperatorPIN(store: store).set(pin) }
        session = try AppSession(
            store: store, codec: NoPictures(), builtinPictureURL: { _ in nil }, burst: nil, glyphs: nil,
            configuration: AppConfiguration(kiosk: kiosk), width: 1280, height: 720, synchronousPictures: true,
            policy: kiosk ? KioskPolicy(store: store, pictureRoot: folder.url, synchronous: true) : DesktopPolicy())
    }

    func requests() -> [AppRequest] {
        var taken: [AppRequest] = []
        session.drainRequests { taken.append($0) }
        return taken
    }

    /// Steps the simulation `seconds` at 120 Hz, with a frame every 1/60 s.
    func run(seconds: Double, from start: Double = 0) {
        let steps = Int(seconds * 120)
        for step in 0..<steps {
            session.step(1.0 / 120)
            if step % 2 == 0 { session.prepareFrame(interpolation: 0, time: start + Double(step) / 120) }
        }
    }
}

@Suite("Kiosk session")
struct KioskSessionTests {
    @Test("on the desktop the window's close button quits; in a kiosk it does not")
    func closeButton() throws {
        let desktop = try SessionFixture(kiosk: false)
        desktop.session.handle(.windowCloseRequested)
        #expect(desktop.requests() == [.quit])

        let kiosk = try SessionFixture(kiosk: true)
        for event: InputEvent in [.windowCloseRequested, .keyDown(.escape, modifiers: [], isRepeat: false),
                                  .keyDown(.character("q"), modifiers: [.control], isRepeat: false),
                                  .keyDown(.other("F4"), modifiers: [.alt], isRepeat: false)] {
            kiosk.session.handle(event)
        }
        kiosk.run(seconds: 0.1)
        #expect(kiosk.requests().isEmpty)
    }

    @Test("the right PIN typed on the keyboard grants the quit, a wrong one does not")
    func pinGrantsQuit() throws {
        let kiosk = try SessionFixture(kiosk: true)
        func type(_ digits: String) {
            for digit in digits { kiosk.session.handle(.keyDown(.character(digit), modifiers: [], isRepeat: false)) }
            kiosk.session.handle(.keyDown(.enter, modifiers: [], isRepeat: false))
            kiosk.run(seconds: 0.05)
        }
        kiosk.session.handle(.windowCloseRequested)
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
        kiosk.session.handle(.pointerMoved(x: 100, y: 100))
        #expect(kiosk.session.wantsCursor)
        kiosk.run(seconds: 2.5)
        #expect(kiosk.session.wantsCursor)
        kiosk.run(seconds: 1)
        #expect(!kiosk.session.wantsCursor)
        kiosk.session.handle(.pointerMoved(x: 120, y: 100))
        kiosk.session.handle(.fingerDown(id: 1, x: 300, y: 300))
        #expect(!kiosk.session.wantsCursor)
    }

    @Test("Ctrl+L and Ctrl+N open the PIN pad instead of Manage and Add; M does not mute")
    func operatorKeys() throws {
        let kiosk = try SessionFixture(kiosk: true)
        kiosk.session.handle(.keyDown(.character("l"), modifiers: [.control], isRepeat: false))
        kiosk.session.handle(.keyDown(.character("n"), modifiers: [.control], isRepeat: false))
        kiosk.run(seconds: 0.1)
        #expect(kiosk.session.page == .main)
        #expect(kiosk.session.editor == nil)
        kiosk.session.handle(.keyDown(.escape, modifiers: [], isRepeat: false))
        kiosk.session.handle(.keyDown(.character("m"), modifiers: [], isRepeat: false))
        #expect(kiosk.requests().isEmpty)
    }

    @Test("the idle reset comes after the operator's idle time, selects the default target and starts the attract loop")
    func idleReset() throws {
        let kiosk = try SessionFixture(kiosk: true)
        let targets = kiosk.session.library.targets
        try kiosk.store.setSettings([KioskPreferences.idleSecondsKey: "10", KioskPreferences.defaultTargetKey: String(targets[2].id)])
        let session = try AppSession(
            store: kiosk.store, codec: NoPictures(), builtinPictureURL: { _ in nil }, burst: nil, glyphs: nil,
            configuration: AppConfiguration(kiosk: true), width: 1280, height: 720, synchronousPictures: true,
            policy: KioskPolicy(store: kiosk.store, pictureRoot: kiosk.folder.url, synchronous: true))
        session.library.select(targets[0].id)
        for _ in 0..<(9 * 120) { session.step(1.0 / 120) }
        #expect(session.library.selectedID == targets[0].id)
        #expect(session.policySummary?.contains("0 idle resets") == true)
        for _ in 0..<(2 * 120) { session.step(1.0 / 120) }
        #expect(session.library.selectedID == targets[2].id)
        #expect(session.policySummary?.contains("1 idle resets, 0 attract steps") == true)
        for _ in 0..<(5 * 120) { session.step(1.0 / 120) }
        #expect(session.policySummary?.contains("1 attract steps") == true)
        #expect(session.library.selectedID == targets[3].id)
        #expect(try kiosk.store.allTargets().first { $0.isSelected }?.id == targets[2].id, "attract steps are not saved")
    }
}
