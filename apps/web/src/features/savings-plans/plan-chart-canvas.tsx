import ValueChartCanvas, { type ValueChartPoint } from '../../ui/value-chart-canvas';
import styles from './savings-plans.module.css';

export type PlanChartPoint = ValueChartPoint;
export type PlanChartCanvasProps = { points: readonly PlanChartPoint[]; label: string };

/** A plan's invested capital against its value after each execution (the shared value chart). */
export default function PlanChartCanvas({ points, label }: PlanChartCanvasProps) {
  return <ValueChartCanvas points={points} label={label} className={styles.chart} data-plan-chart="" />;
}
