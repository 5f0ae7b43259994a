// Placeholder so the target builds before ReferenceKit lands; replaced by the runtime.
import Cassowary
