import AppModel
import ImmediateUI
import Input
import PunchScene
import Raster
import StressCore

/// Choosing what punches hit with: the tool strip on the punch screen (click or
/// tap), the wheel over the punch screen, Q / E, a pad's stick clicks (L3 / R3).
/// The choice is a setting, so it is kept across launches.
extension AppSession {
    /// The tool punches hit with now.
    public var tool: PunchTool { settings.tool }

    /// Makes `tool` the one punches hit with, and keeps it.
    public func selectTool(_ tool: PunchTool) {
        guard tool != settings.tool else { return }
        var new = settings
        new.tool = tool
        changeSettings(new)
    }

    /// The tool `steps` along the strip (wrapping).
    func stepTool(by steps: Int) {
        selectTool(settings.tool.stepped(by: steps))
    }

    /// Q / E, the wheel and L3 / R3 on a punch screen (not while typing or under a
    /// dialog or the help). True when the event chose a tool.
    func handleToolChoice(_ event: InputEvent) -> Bool {
        guard isPunchScreen, offeredFiles == nil, !(ui?.isModalOpen ?? false), !takesTypedText else { return false }
        switch event {
        case .keyDown(.character("q"), [], let isRepeat), .keyDown(.character("e"), [], let isRepeat):
            if !isRepeat, case .keyDown(.character(let key), _, _) = event { stepTool(by: key == "q" ? -1 : 1) }
            return true
        case .gamepadButton(_, .leftStick, true):
            stepTool(by: -1)
            return true
        case .gamepadButton(_, .rightStick, true):
            stepTool(by: 1)
            return true
        case .wheel(_, let dy) where page == .main:
            // Wheel up (away from you) goes back along the strip, down goes on.
            toolWheelCarry += dy
            let notches = Int(toolWheelCarry.rounded(.towardZero))
            guard notches != 0 else { return true }
            toolWheelCarry -= Float(notches)
            stepTool(by: -notches)
            return true
        default:
            return false
        }
    }

    /// The strip of tools down the stage's left edge: the chosen one lit up.
    func buildToolStrip(_ ui: UIContext) {
        guard case .main = shown else { return }
        let layout = controller.layout
        // A near miss of a tool (between two, or just off the strip) chooses nothing
        // and punches nothing.
        ui.claim(layout.toolStrip.insetBy(-6 * layout.scale))
        let side = Int(layout.toolButtonSide * 0.76)
        for (index, tool) in PunchTool.allCases.enumerated() {
            let rect = layout.toolButton(index)
            let icon = renderer.toolIcons.icon(tool, side: side)
            if ui.imageButton(tool.displayName, picture: icon, selected: tool == settings.tool, in: rect,
                              tooltip: layout.toolStripIsColumn ? .trailing : .above).clicked {
                selectTool(tool)
            }
        }
    }
}
