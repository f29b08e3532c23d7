import LocationBlocks

extension INTULocationManager {
    /// LocationBlocks' handler that runs `block` with INTULocationManager's types.
    static func handler(_ block: @escaping INTULocationRequestBlock) -> @Sendable (LocationRequestResult) -> Void {
        let block = CallbackQueueBlock(run: block)
        return { result in
            block.run(result.location, INTULocationAccuracy(result.achievedAccuracy), INTULocationStatus(result.status))
        }
    }
}

/// A block that only ever runs on its manager's serial callback queue, carried through LocationBlocks'
/// `@Sendable` handlers (INTULocationManager's blocks are not `Sendable`, and the code written for it captures
/// main-thread state in them).
struct CallbackQueueBlock<Block>: @unchecked Sendable {
    let run: Block
}
