import AppModel
import ImmediateUI
import Input
import PolicySeam
import PunchScene
import Raster
import StressPunchApp
import Testing

/// The punch stage sits under every widget: a press punches only where nothing the
/// frame drew above it takes it. There is one hit map, the UI's; a control any screen
/// or policy adds is not punched through without anyone listing it (the session used
/// to keep its own list of what is not punching ground, and a new button was missing
/// from it).
@Suite("The punch stage under the widgets")
struct PunchStageTests {
    /// A policy that puts a button right over the middle of the target, as a future
    /// screen might, and counts its clicks.
    final class ButtonOverTheTarget: SessionPolicy {
        var clicks = 0
        var rect = Rect(x: 0, y: 0, width: 0, height: 0)

        func decorateMainScreen(_ ui: UIContext, session: any SessionControl, time: Double) {
            let center = session.layout.placeholderRect.center
            rect = Rect(x: center.x - 90, y: center.y - 30, width: 180, height: 60)
            if ui.button("Over the target", in: rect).clicked { clicks += 1 }
        }
    }

    private func click(_ app: ScreenHarness, _ point: Point, finger: Bool = false) {
        if finger {
            app.frame([.fingerDown(id: 7, x: point.x, y: point.y, pressure: 0.8), .fingerUp(id: 7, x: point.x, y: point.y)])
        } else {
            app.frame([.pointerMoved(x: point.x, y: point.y), .pointerDown(x: point.x, y: point.y, button: 1),
                       .pointerUp(x: point.x, y: point.y, button: 1)])
        }
        app.frame()
        app.frame()
    }

    @Test("a button added over the target takes the click, and the target under it is not punched", arguments: [false, true])
    func buttonOverTheTargetIsNotPunchedThrough(finger: Bool) throws {
        let policy = ButtonOverTheTarget()
        let app = try ScreenHarness(policy: policy)
        app.frame()
        #expect(app.session.controller.pictureRect.contains(policy.rect.center), "the button must sit over the target")
        click(app, policy.rect.center, finger: finger)
        #expect(policy.clicks == 1)
        #expect(app.session.controller.punchesLanded == 0)
        #expect(app.session.controller.effects.sprites.isEmpty, "the press reached the punch scene")
        // The control: the same target beside the button is punching ground.
        let beside = Point(policy.rect.center.x, policy.rect.maxY + 40)
        #expect(app.session.controller.pictureRect.contains(beside))
        click(app, beside, finger: finger)
        #expect(policy.clicks == 1)
        #expect(app.session.controller.punchesLanded == 1)
    }

    @Test("between two favorite cards and beside a tool, a press neither punches nor chooses")
    func panelsAboveTheStageTakeTheirGaps() throws {
        let app = try ScreenHarness()
        app.frame()
        let layout = app.session.layout
        let selected = app.session.library.selectedID
        // The bar's ground left of its first card, and just past the tool strip's end.
        click(app, Point(layout.favoritesBar.minX + 2, layout.favoritesBar.center.y))
        let strip = layout.toolStrip
        click(app, layout.toolStripIsColumn ? Point(strip.center.x, strip.maxY + 3) : Point(strip.maxX + 3, strip.center.y))
        // Not even a miss's sprite: the presses never reached the punch scene.
        #expect(app.session.controller.effects.sprites.isEmpty)
        #expect(app.session.controller.punchesLanded == 0)
        #expect(app.session.library.selectedID == selected)
        // The control: a press on open ground of the stage does reach it.
        click(app, Point(layout.favoritesBar.center.x, layout.favoritesBar.minY - 12))
        #expect(!app.session.controller.effects.sprites.isEmpty)
    }

    @Test("a control's punch lands as a keyboard tap on the target's middle, at the control's time, with no key event")
    func controlPunchLandsOnTheMiddle() throws {
        let app = try ScreenHarness()
        app.frame()
        let stage = app.session.stage
        stage.punch(at: 4.25)
        var landed: [PunchController.LandedPunch] = []
        stage.controller.takeLanded { landed.append($0) }
        #expect(landed.count == 1)
        let punch = try #require(landed.first)
        #expect(punch.input == .keyboard && punch.time == 4.25)
        #expect(abs(punch.u - 0.5) < 0.001 && abs(punch.v - 0.5) < 0.001 && punch.x == stage.pictureRect.center.x)
        #expect(punch.targetID == app.session.library.selectedID)
        // The control: Space held and let go lands the same way, from its events.
        app.frame([.keyDown(.space, modifiers: [], isRepeat: false), .keyUp(.space, modifiers: [])])
        #expect(stage.controller.punchesLanded == 2)
    }
}
