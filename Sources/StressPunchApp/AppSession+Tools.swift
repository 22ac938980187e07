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

    /// Q / E, the wheel and L3 / R3 on a punch screen (not while typing or under a
    /// dialog or the help). True when the event chose a tool.
    func handleToolChoice(_ event: InputEvent) -> Bool {
        guard isPunchScreen, offeredFiles == nil, !(ui?.isModalOpen ?? false), !takesTypedText else { return false }
        defer { takeStageRequests() }
        return stage.chooseTool(by: event, wheelChooses: page == .main)
    }
}
