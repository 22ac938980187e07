/// A fixed-timestep clock: the simulation always advances in equal steps, however
/// fast or slow frames come, and rendering interpolates between the last two steps.
///
/// Frame time is clamped so a stall (a debugger, a suspended laptop) does not make
/// the loop run thousands of catch-up steps: the spiral of death.
public struct FixedTimestep: Sendable, Equatable {
    /// Seconds per simulation step.
    public let step: Double
    /// The most frame time taken into account at once.
    public let maxFrameTime: Double
    private(set) var accumulator: Double = 0

    public init(stepsPerSecond: Double = 120, maxFrameTime: Double = 0.25) {
        step = 1 / stepsPerSecond
        self.maxFrameTime = maxFrameTime
    }

    /// Adds a frame's elapsed seconds and returns how many steps to simulate now.
    public mutating func advance(by frameTime: Double) -> Int {
        accumulator += min(max(0, frameTime), maxFrameTime)
        var steps = 0
        while accumulator >= step {
            accumulator -= step
            steps += 1
        }
        return steps
    }

    /// How far (0..<1) the present lies between the last step and the next, for
    /// interpolating what is drawn.
    public var interpolation: Double { accumulator / step }
}
