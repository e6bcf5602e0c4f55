#if canImport(Glibc)
    import Glibc
#endif

/// What a scan stream yields, in order: what the detector saw, and changes in the device's presence.
public enum ScanStreamEvent: Sendable, Equatable {
    /// A scan, typing that was not one, or events the kernel dropped.
    case detected(ScanDetector.Event)
    /// The device went away (unplugged, or its stream ended); the reader waits for it to come back.
    case disconnected(reason: String)
    /// The device came back and was reopened.
    case reconnected(name: String)
    /// Reopening the device failed with an error that waiting may not fix; the reader keeps trying.
    case reopenFailed(ScannerError)
    /// A recorded stream ended inside a record: its last `byteCount` bytes were ignored.
    case partialRecord(byteCount: Int)
}

/// Turns a scanner's raw events into scans: from a live device (with ticks that end a scan whose terminator
/// never came) or from a recorded `input_event` stream.
///
/// The caller only loops over what the stream yields and acts on each scan. The stream keeps decoding
/// while the caller acts, and buffers what it finds, so a slow action never drops a scan.
public enum ScanStream {
    /// How often a live stream checks for a scan that ended without a terminator.
    public static let tickInterval: Duration = .milliseconds(50)

    /// Scans from a recorded stream, read in chunks of any size (a file at once, a pipe as it arrives).
    ///
    /// The stream ends with the chunks: whatever burst is in progress then ends too, and a partial record
    /// left over is reported last (`partialRecord`). An error reading the chunks ends the stream with it.
    public static func replaying(
        _ chunks: AsyncThrowingStream<[UInt8], any Error>, pipeline: ScanPipeline
    ) -> AsyncThrowingStream<ScanStreamEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ScanStreamEvent.self)
        let work = Task {
            var pipeline = pipeline
            var reader = InputEventReader()
            do {
                for try await bytes in chunks {
                    var output: [ScanDetector.Event] = []
                    for event in reader.parse(bytes) { pipeline.feed(event, into: &output) }
                    for event in output { continuation.yield(.detected(event)) }
                }
            } catch {
                continuation.finish(throwing: error)
                return
            }
            for event in pipeline.run([], finish: true) { continuation.yield(.detected(event)) }
            if !reader.pendingBytes.isEmpty { continuation.yield(.partialRecord(byteCount: reader.pendingBytes.count)) }
            continuation.finish()
        }
        continuation.onTermination = { _ in work.cancel() }
        return stream
    }

    /// Scans from a recorded stream held in memory.
    public static func replaying(_ bytes: [UInt8], pipeline: ScanPipeline) -> AsyncThrowingStream<
        ScanStreamEvent, any Error
    > {
        replaying(
            AsyncThrowingStream {
                $0.yield(bytes); $0.finish()
            }, pipeline: pipeline)
    }

    /// Scans from a live device reader, until its reports end (after `DeviceReader.stop()`).
    public static func live(
        _ reader: DeviceReader, pipeline: ScanPipeline, record: (@Sendable ([UInt8]) -> Void)? = nil
    ) -> AsyncStream<ScanStreamEvent> {
        live(reports: reader.reports, pipeline: pipeline, record: record)
    }

    /// Scans from a live device's reports, until they end.
    ///
    /// Every `tick` the stream reads `now` (by default the monotonic clock, the one the device's event
    /// timestamps use) and ends a burst whose last key came longer ago than the detector's time-out. Reports
    /// and ticks are handled in the order they arrive, and a tick carries the time it was made, so it only
    /// ever closes a scan whose last key came before it.
    ///
    /// - Parameters:
    ///   - record: called with every chunk of raw event bytes as it arrives (to keep a recording).
    public static func live(
        reports: AsyncStream<DeviceReport>, pipeline: ScanPipeline, tick: Duration = tickInterval,
        now: @escaping @Sendable () -> EventTime = EventTime.monotonicNow,
        record: (@Sendable ([UInt8]) -> Void)? = nil
    ) -> AsyncStream<ScanStreamEvent> {
        let inputs = AsyncStream<LiveInput> { continuation in
            let forward = Task {
                for await report in reports { continuation.yield(.report(report)) }
                continuation.finish()
            }
            let ticks = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: tick)
                    continuation.yield(.tick(now()))
                }
            }
            continuation.onTermination = { _ in
                forward.cancel()
                ticks.cancel()
            }
        }
        let (stream, continuation) = AsyncStream.makeStream(of: ScanStreamEvent.self)
        let work = Task {
            var pipeline = pipeline
            var parser = InputEventReader()
            for await input in inputs {
                var output: [ScanDetector.Event] = []
                switch input {
                case .report(.events(let bytes)):
                    record?(bytes)
                    for event in parser.parse(bytes) { pipeline.feed(event, into: &output) }
                case .report(.disconnected(let reason)):
                    continuation.yield(.disconnected(reason: reason))
                case .report(.reconnected(let name)):
                    continuation.yield(.reconnected(name: name))
                case .report(.reopenFailed(let error)):
                    continuation.yield(.reopenFailed(error))
                case .tick(let time):
                    if let deadline = pipeline.detector.deadline, deadline <= time {
                        pipeline.detector.flush(at: time, into: &output)
                    }
                }
                for event in output { continuation.yield(.detected(event)) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in work.cancel() }
        return stream
    }
}

/// What the live loop handles, in arrival order: the reader's reports and the clock's ticks.
private enum LiveInput: Sendable {
    case report(DeviceReport)
    /// The time the tick was made.
    case tick(EventTime)
}

extension EventTime {
    /// Now on the monotonic clock, the clock the device's event timestamps use.
    public static func monotonicNow() -> EventTime {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return EventTime(seconds: Int64(now.tv_sec), microseconds: Int64(now.tv_nsec / 1000))
    }
}
