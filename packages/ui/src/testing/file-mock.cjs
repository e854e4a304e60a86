// Asset imports (webpack asset/resource) resolve to a URL string; in unit tests any stable URL does.
module.exports = '/assets/test-file';
