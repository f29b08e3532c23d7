import Foundation

/// One populated place of a GeoNames `cities*.txt` file.
///
/// The files are tab-separated UTF-8 with 19 columns: geonameid, name, asciiname, alternatenames, latitude,
/// longitude, feature class, feature code, country code, cc2, admin1 code, admin2 code, admin3 code,
/// admin4 code, population, elevation, dem, timezone, modification date. Source: the GeoNames export
/// readme (download.geonames.org/export/dump/readme.txt).
struct GeoNamesCity: Sendable {
    let name: String
    let asciiName: String
    let latitude: Double
    let longitude: Double
    let countryCode: String
    let admin1Code: String
    let population: Int
    let timeZone: String

    /// Why a line is not a place.
    enum LineError: Error, Equatable {
        case columns(Int)
        case coordinate(String)
    }

    /// Parses one line; throws for a line without 19 columns or with a coordinate that is not a number in range.
    init(line: Substring) throws(LineError) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 19 else { throw .columns(fields.count) }
        guard let latitude = Double(fields[4]), let longitude = Double(fields[5]),
            CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
        else { throw .coordinate("\(fields[4]),\(fields[5])") }
        name = String(fields[1])
        asciiName = String(fields[2])
        self.latitude = latitude
        self.longitude = longitude
        countryCode = String(fields[8])
        admin1Code = String(fields[10])
        population = Int(fields[14]) ?? 0
        timeZone = String(fields[17])
    }
}
