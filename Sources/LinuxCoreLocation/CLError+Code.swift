extension CLError {
    /// The codes of location errors, with Apple's raw values (`CLErrorDomain.h`).
    public enum Code: Int, Sendable, _ErrorCodeProtocol {
        /// The error type these codes belong to.
        public typealias _ErrorType = CLError

        /// No location could be determined right now; updates go on. Raw value 0.
        case locationUnknown = 0
        /// Access to location services was denied. Raw value 1.
        case denied = 1
        /// The network, or here the provider's connection, was unavailable. Raw value 2.
        case network = 2
        /// No heading could be determined. Raw value 3.
        case headingFailure = 3
        /// Access to region monitoring was denied. Raw value 4.
        case regionMonitoringDenied = 4
        /// A region could not be monitored. Raw value 5.
        case regionMonitoringFailure = 5
        /// Region monitoring could not start at once. Raw value 6.
        case regionMonitoringSetupDelayed = 6
        /// Region events are delayed. Raw value 7.
        case regionMonitoringResponseDelayed = 7
        /// Geocoding found no result. Raw value 8.
        case geocodeFoundNoResult = 8
        /// Geocoding found only a partial result. Raw value 9.
        case geocodeFoundPartialResult = 9
        /// Geocoding was cancelled. Raw value 10.
        case geocodeCanceled = 10
        /// Deferred updates failed. Raw value 11.
        case deferredFailed = 11
        /// Deferred updates need location updates running. Raw value 12.
        case deferredNotUpdatingLocation = 12
        /// Deferred updates need a better desired accuracy. Raw value 13.
        case deferredAccuracyTooLow = 13
        /// Deferred updates need no distance filter. Raw value 14.
        case deferredDistanceFiltered = 14
        /// Deferred updates were cancelled. Raw value 15.
        case deferredCanceled = 15
        /// Beacon ranging is unavailable. Raw value 16.
        case rangingUnavailable = 16
        /// Beacon ranging failed. Raw value 17.
        case rangingFailure = 17
        /// The user declined a prompt. Raw value 18.
        case promptDeclined = 18
        /// Historical locations could not be read. Raw value 19.
        case historicalLocationError = 19
    }

    /// ``Code/locationUnknown``.
    public static var locationUnknown: Code { .locationUnknown }
    /// ``Code/denied``.
    public static var denied: Code { .denied }
    /// ``Code/network``.
    public static var network: Code { .network }
    /// ``Code/headingFailure``.
    public static var headingFailure: Code { .headingFailure }
    /// ``Code/regionMonitoringDenied``.
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    /// ``Code/regionMonitoringFailure``.
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }
    /// ``Code/regionMonitoringSetupDelayed``.
    public static var regionMonitoringSetupDelayed: Code { .regionMonitoringSetupDelayed }
    /// ``Code/regionMonitoringResponseDelayed``.
    public static var regionMonitoringResponseDelayed: Code { .regionMonitoringResponseDelayed }
    /// ``Code/geocodeFoundNoResult``.
    public static var geocodeFoundNoResult: Code { .geocodeFoundNoResult }
    /// ``Code/geocodeFoundPartialResult``.
    public static var geocodeFoundPartialResult: Code { .geocodeFoundPartialResult }
    /// ``Code/geocodeCanceled``.
    public static var geocodeCanceled: Code { .geocodeCanceled }
    /// ``Code/deferredFailed``.
    public static var deferredFailed: Code { .deferredFailed }
    /// ``Code/deferredNotUpdatingLocation``.
    public static var deferredNotUpdatingLocation: Code { .deferredNotUpdatingLocation }
    /// ``Code/deferredAccuracyTooLow``.
    public static var deferredAccuracyTooLow: Code { .deferredAccuracyTooLow }
    /// ``Code/deferredDistanceFiltered``.
    public static var deferredDistanceFiltered: Code { .deferredDistanceFiltered }
    /// ``Code/deferredCanceled``.
    public static var deferredCanceled: Code { .deferredCanceled }
    /// ``Code/rangingUnavailable``.
    public static var rangingUnavailable: Code { .rangingUnavailable }
    /// ``Code/rangingFailure``.
    public static var rangingFailure: Code { .rangingFailure }
    /// ``Code/promptDeclined``.
    public static var promptDeclined: Code { .promptDeclined }
    /// ``Code/historicalLocationError``.
    public static var historicalLocationError: Code { .historicalLocationError }
}
