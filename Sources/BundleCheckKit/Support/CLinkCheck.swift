import CLibxml2
import CLibzip

enum CLinkCheck {
    static func versions() -> (String, Int32) {
        (String(cString: zip_libzip_version()), LIBXML_VERSION)
    }
}
