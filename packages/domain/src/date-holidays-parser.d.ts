// The package ships types, but its "exports" map does not name them, so TypeScript cannot find
// them; this declares the little of it that banking-days.ts uses.
declare module 'date-holidays-parser' {
  export default class HolidaysParser {
    constructor(data: object, country: string);
    getHolidays(year: number): { date: string; name: string; type: string }[];
  }
}
