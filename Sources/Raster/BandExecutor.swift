import Foundation
import Locking

/// Something that draws one band of rows of a frame. The same drawing runs once per
/// band, each time on a band view of the canvas whose clip keeps it to its rows.
public protocol BandRenderer: AnyObject {
    func render(into band: Canvas)
}

/// Splits frames into horizontal bands and renders them on all cores.
///
/// There are a few more bands than threads, and each thread takes the next band left
/// as soon as it is free: when another program holds a core, the free threads draw
/// more bands instead of waiting for the slow one. The threads and band views are
/// made once, and a frame is handed over through semaphores, so rendering a frame
/// allocates nothing.
public final class BandExecutor {
    public let bandCount: Int
    public let threadCount: Int
    private let shared: SharedState

    /// An executor for `canvas` using `threads` threads (default: one per core).
    public init(canvas: Canvas, threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        let threadCount = max(1, min(threads, canvas.height))
        // One band per thread when single-threaded; otherwise six per thread, so a
        // stalled thread costs a sixth of its share, not all of it, and the last band
        // taken leaves the other thread little to wait for (four a thread measured
        // compose_1080p_mt at 0.075 and 4K at 4.6 ms, six 0.070 and 4.3 ms; eight were
        // no faster there, and each band runs the UI's draw list again: a Manage frame
        // over 10,000 targets took 0.9 ms in 8 bands, 1.0 in 12 and 1.2 in 16).
        let count = threadCount == 1 ? 1 : min(canvas.height, threadCount * 6)
        self.threadCount = threadCount
        bandCount = count
        let bands = (0..<count).map { index in
            canvas.bandView(rows: canvas.height * index / count, canvas.height * (index + 1) / count)
        }
        shared = SharedState(bands: bands, workers: threadCount - 1)
        // The calling thread draws too; the others get a worker each.
        for index in 0..<(threadCount - 1) {
            let state = shared
            let thread = Thread { state.workerLoop(index) }
            thread.name = "stresspunch-raster-\(index + 1)"
            thread.qualityOfService = .userInteractive
            thread.start()
        }
    }

    deinit {
        shared.shutDown()
    }

    /// Renders every band and returns when all are done.
    public func render(_ renderer: BandRenderer) {
        shared.render(renderer, only: nil)
    }

    /// Renders only inside `damage` (disjoint rectangles): each band runs the drawing
    /// once per rectangle crossing it, clipped to that part. Bands no rectangle
    /// crosses are not drawn at all.
    public func render(_ renderer: BandRenderer, damage: [PixelRect]) {
        guard !damage.isEmpty else { return }
        damage.withUnsafeBufferPointer { rects in shared.render(renderer, only: rects) }
    }

    /// What the workers share with the executor; it outlives the executor until every
    /// worker has seen the shutdown.
    private final class SharedState: @unchecked Sendable {
        // @unchecked: `renderer` and `shuttingDown` are plain fields handed over through
        // the semaphores (written before the workers are released, read by them only
        // until they signal `finished`), and each band view is drawn by exactly one
        // thread per frame.
        let bands: [Canvas]
        let start: [DispatchSemaphore]
        let finished = DispatchSemaphore(value: 0)
        /// The next band to take. Locked once per band, not per row or pixel, so it
        /// stays off the drawing's hot path.
        let nextBand = Locked(0)
        var renderer: BandRenderer?
        /// This frame's damage (nil: everything), valid while the frame is drawn.
        var damage: UnsafeBufferPointer<PixelRect>?
        var shuttingDown = false

        init(bands: [Canvas], workers: Int) {
            self.bands = bands
            start = (0..<workers).map { _ in DispatchSemaphore(value: 0) }
        }

        func render(_ renderer: BandRenderer, only damage: UnsafeBufferPointer<PixelRect>?) {
            self.renderer = renderer
            self.damage = damage
            nextBand.withLock { $0 = 0 }
            for semaphore in start { semaphore.signal() }
            drawBands(renderer)
            for _ in start { finished.wait() }
            self.renderer = nil
            self.damage = nil
        }

        /// Takes bands until none are left.
        private func drawBands(_ renderer: BandRenderer) {
            while true {
                let index = nextBand.withLock { next in
                    let taken = next
                    next += 1
                    return taken
                }
                guard index < bands.count else { return }
                let band = bands[index]
                band.resetClip()
                guard let damage else {
                    renderer.render(into: band)
                    continue
                }
                for rect in damage where !rect.intersection(band.band).isEmpty {
                    band.pushClip(rect)
                    renderer.render(into: band)
                    band.resetClip()
                }
            }
        }

        func shutDown() {
            shuttingDown = true
            for semaphore in start { semaphore.signal() }
        }

        func workerLoop(_ index: Int) {
            while true {
                start[index].wait()
                if shuttingDown { return }
                if let renderer { drawBands(renderer) }
                finished.signal()
            }
        }
    }
}
