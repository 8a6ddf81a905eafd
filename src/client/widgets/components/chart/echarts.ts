/** echarts, tree-shaken to what the K-line draws: candlesticks, MA lines, volume bars, crosshair and zoom. */
import { BarChart, CandlestickChart, LineChart } from 'echarts/charts';
import { AxisPointerComponent, DataZoomInsideComponent, GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([CandlestickChart, LineChart, BarChart, GridComponent, TooltipComponent, AxisPointerComponent, DataZoomInsideComponent, CanvasRenderer]);

export { echarts };
