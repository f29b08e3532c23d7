// Apple's CoreLocation module re-exports Foundation, and code written for it
// uses `Date`, `NSObject` and friends after `import CoreLocation` alone.
@_exported import Foundation
