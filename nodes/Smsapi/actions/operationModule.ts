import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/**
 * One operation: its parameters and how it runs. `execute` receives all input items at
 * once so that an operation may combine them (SMS batching); most use `mapItems`.
 */
export interface OperationModule {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
}
