import Foundation

/// Something that draws one band of rows of a frame. The same drawing runs once per
/// band, each time on a band view of the canvas whose clip keeps it to its rows.
public protocol BandRenderer: AnyObject {
    func render(into band: Canvas)
}

/// Splits frames into horizontal bands and renders them on all cores.
///
/// The worker threads and the band views are made once; rendering a frame hands
/// each worker its band through a semaphore, so a frame allocates nothing.
public final class BandExecutor {
    public let bandCount: Int
    private let shared: SharedState

    /// An executor for `canvas` using `threads` threads (default: one per core).
    public init(canvas: Canvas, threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        let count = max(1, min(threads, canvas.height))
        bandCount = count
        let bands = (0..<count).map { index in
            canvas.bandView(rows: canvas.height * index / count, canvas.height * (index + 1) / count)
        }
        shared = SharedState(bands: bands)
        // Band 0 is drawn by the calling thread; the others get a worker each.
        for index in 1..<count {
            let state = shared
            let thread = Thread { state.workerLoop(index) }
            thread.name = "stresspunch-raster-\(index)"
            thread.qualityOfService = .userInteractive
            thread.start()
        }
    }

    deinit {
        shared.shutDown()
    }

    /// Renders every band and returns when all are done.
    public func render(_ renderer: BandRenderer) {
        shared.render(renderer)
    }

    /// What the workers share with the executor; it outlives the executor until every
    /// worker has seen the shutdown.
    private final class SharedState: @unchecked Sendable {
        // @unchecked: `renderer` is written before the workers are released and read
        // by them only until they signal `finished`; each worker touches its own band.
        let bands: [Canvas]
        let start: [DispatchSemaphore]
        let finished = DispatchSemaphore(value: 0)
        var renderer: BandRenderer?
        var shuttingDown = false

        init(bands: [Canvas]) {
            self.bands = bands
            start = bands.map { _ in DispatchSemaphore(value: 0) }
        }

        func render(_ renderer: BandRenderer) {
            self.renderer = renderer
            for index in 1..<bands.count { start[index].signal() }
            bands[0].resetClip()
            renderer.render(into: bands[0])
            for _ in 1..<bands.count { finished.wait() }
            self.renderer = nil
        }

        func shutDown() {
            shuttingDown = true
            for index in 1..<bands.count { start[index].signal() }
        }

        func workerLoop(_ index: Int) {
            while true {
                start[index].wait()
                if shuttingDown { return }
                if let renderer {
                    bands[index].resetClip()
                    renderer.render(into: bands[index])
                }
                finished.signal()
            }
        }
    }
}
