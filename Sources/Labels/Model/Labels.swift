import CCairo
import CZint
