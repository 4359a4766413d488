/// Days of the proleptic Gregorian calendar in UTC, counted by hand.
///
/// Foundation's `Calendar` and date formatters go through ICU, which maps megabytes of its
/// locale and time-zone data into every run that reads one date; the dates bundlecheck reads
/// (`--now`, the data tables' `from:` days, certificate validity) are all UTC and need only this.
package enum GregorianDay {
    package static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether month and day name a real day of `year`.
    package static func isDay(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysIn(month: month, year: year)
    }

    /// Days from 1970-01-01 to the given day, counting whole 400-year eras from 1 March 0000 so
    /// that February's length falls at the end of a year.
    package static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
