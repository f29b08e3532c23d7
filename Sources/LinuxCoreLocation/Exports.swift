// Apple's CoreLocation re-exports Foundation; client code relies on that.
@_exported import Foundation
