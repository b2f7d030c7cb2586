/**
 * The Ruby program that asks Jekyll itself what a site writes: it loads the project's config as
 * `jekyll build` does (run in the project folder), reads and generates the site without
 * rendering or writing anything, and prints every file the build would write with the source it
 * comes from, as JSON after a marker line. Pure text; `jekyll-read-site.ts` runs it.
 */

/** The line the JSON follows; anything a plugin prints to standard output comes before it. */
export const JEKYLL_READ_MARKER = '<<<sitemapkit-jekyll>>>';

/**
 * Run as `ruby -e JEKYLL_READ_SCRIPT` (or under `bundle exec`) with the project folder as the
 * working directory. Prints `{ jekyll, cwd, source, destination, url, baseurl, collections,
 * files: [{ kind, source, url, destination }], seconds }`, or `{ error, missing }` when Jekyll
 * cannot be loaded (`missing: true`) or cannot read the site. Paths are absolute; `source` is null
 * for a file no source file makes (a plugin's feed, a paginated copy's own file is its template).
 * @example execFile('ruby', ['-e', JEKYLL_READ_SCRIPT], { cwd: 'my-blog' })
 */
export const JEKYLL_READ_SCRIPT = String.raw`
require "json"
out = $stdout
# What Jekyll or a plugin prints goes to standard error; standard output carries the JSON only.
$stdout = $stderr
started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
text = ->(value) { value.nil? ? nil : value.to_s.dup.force_encoding(Encoding::UTF_8).scrub }
report = ->(result) { out.write("\n${JEKYLL_READ_MARKER}\n", JSON.generate(result)) }
begin
  require "jekyll"
rescue LoadError => e
  report.call("error" => text.call(e.message), "missing" => true)
  exit 0
end
begin
  # As jekyll build reads it, but quiet, and with no .jekyll-cache written into the project.
  config = Jekyll.configuration("quiet" => true, "disable_disk_cache" => true)
  site = Jekyll::Site.new(config)
  site.reset
  site.read
  site.generate
  no_file = defined?(Jekyll::PageWithoutAFile) ? Jekyll::PageWithoutAFile : nil
  files = []
  # What Site#each_site_file yields, in its order, without its quadratic de-duplication (which
  # takes minutes on a site of some thousand posts).
  statics = site.respond_to?(:static_files_to_write) ? site.static_files_to_write : site.static_files.select(&:write?)
  seen = {}.compare_by_identity
  (site.pages + statics + site.docs_to_write).each do |item|
    next if seen.key?(item)

    seen[item] = true
    kind =
      if item.is_a?(Jekyll::Document) then "document"
      elsif item.is_a?(Jekyll::StaticFile) then "static"
      else "page"
      end
    source =
      if no_file && item.is_a?(no_file) then nil
      # A page's own file; its relative_path follows a paginated copy to the copy's folder.
      elsif kind == "page" then item.instance_variable_get(:@path) || site.in_source_dir(item.relative_path)
      else item.path
      end
    source = nil unless source && File.file?(source)
    files << {
      "kind" => kind,
      "source" => text.call(source),
      "url" => text.call(item.url),
      "destination" => text.call(item.destination(site.dest)),
    }
  end
  report.call(
    "jekyll" => Jekyll::VERSION,
    "cwd" => text.call(Dir.pwd),
    "source" => text.call(site.source),
    "destination" => text.call(site.dest),
    "url" => text.call(site.config["url"]),
    "baseurl" => text.call(site.config["baseurl"]),
    "collections" => site.collections.values.select(&:write?).map { |c| text.call(c.directory) },
    "files" => files,
    "seconds" => Process.clock_gettime(Process::CLOCK_MONOTONIC) - started,
  )
rescue StandardError, LoadError, SyntaxError => e
  report.call("error" => text.call("#{e.class}: #{e.message}"), "missing" => false)
end
`;
